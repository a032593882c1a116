// The shopping admin (Magento 2 admin panel) site's data: schema, the seeded generator and the
// date and status helpers its pages and tasks share (internal to sim/sites).
#ifndef WEBAGENT_SIM_SITES_ADMIN_DATA_H_
#define WEBAGENT_SIM_SITES_ADMIN_DATA_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/db.h"
#include "sim/status.h"

namespace wa {

extern const std::string_view kAdminSchema;

// Fills an empty database (schema applied) with the Luma-style store behind the admin panel:
// about 2,000 products (configurable parents with colour x size children, and simple gear),
// 320 customers, 309 orders from January 2022 to May 2023 with invoices, shipments and
// tracking, credit memos and comment histories, about 400 reviews in every status, search
// terms, CMS pages and themes. Every entity a published CMS intent names is planted at its
// published id; the aggregates the published answers read (monthly counts, rankings, totals)
// hold for every seed.
Status PopulateAdmin(Db& db, uint64_t seed);

// Unix seconds (UTC) of a calendar time.
int64_t AdminTime(int year, int month, int day, int hour = 0, int minute = 0, int second = 0);
// Days in a month of the Gregorian calendar.
int DaysInMonth(int year, int month);
// "2/1/23": the date format of Magento's report filters.
std::string ShortDate(int64_t unix_seconds);
// Parses a date typed into a filter: M/D/YY, M/D/YYYY, YYYY-MM-DD; the start of that day (UTC).
std::optional<int64_t> ParseFilterDate(std::string_view text);
// "Feb 1, 2023, 3:04:05 PM": Magento's admin date-time format.
std::string AdminDateTime(int64_t unix_seconds);

// Order status codes and their labels ("pending" -> "Pending", "holded" -> "On Hold").
const std::vector<std::pair<std::string, std::string>>& OrderStatuses();
std::string OrderStatusLabel(std::string_view code);

// Review statuses: 1 Approved, 2 Pending, 3 Not Approved.
std::string ReviewStatusLabel(int64_t status);

// Shipping carriers: code, the name shown in the carrier select, and the default track title.
struct Carrier {
  const char* code;
  const char* label;
};
const std::vector<Carrier>& Carriers();

// Colours and sizes of configurable products.
const std::vector<std::string>& AdminColors();

// The increment id of an entity: 2 -> "000000002".
std::string IncrementId(int64_t n);

// The products the published intents and the training families name.
inline constexpr int64_t kFrankieSweatshirt = 110;
inline constexpr int64_t kHollisterShirt = 126;
inline constexpr int64_t kRykerCrewNeck = 478;
inline constexpr int64_t kCronus33Blue = 872;
inline constexpr int64_t kPriceProduct = 1481;
inline constexpr int64_t kAenoCapri = 1861;

// Shirt brands planted for "Mark all <brand> shirts on sale".
const std::vector<std::string>& ShirtBrands();

}  // namespace wa

#endif  // WEBAGENT_SIM_SITES_ADMIN_DATA_H_
