// Helpers for site implementations (internal to sim/sites): compiled mustache templates loaded
// from the embedded assets, and small formatting functions.
#ifndef WEBAGENT_SIM_SITES_SITE_UTIL_H_
#define WEBAGENT_SIM_SITES_SITE_UTIL_H_

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sim/site.h"
#include "sim/status.h"
#include "sim/template.h"

namespace wa {

// The templates of one site, compiled once (sim/template.h) and shared by all environments and
// threads.
class TemplateSet {
 public:
  // Loads every sites/<site>/*.mustache asset; the template name is the file stem. With
  // `minify`, line breaks and indentation between tags are removed first, so pages carry no
  // whitespace-only text nodes between elements (fewer nodes to parse, style and lay out).
  Status Load(std::string_view site, bool minify = false);
  // While Template::ReferenceCheck() is on, every rendering is compared with kainjow mustache's
  // and a difference is an error.
  Result<std::string> Render(std::string_view name, const TemplateData& data) const;

 private:
  struct Entry {
    std::string text;  // after minifying
    Template compiled;
  };
  std::map<std::string, Entry, std::less<>> templates_;
};

// Removes line breaks and indentation between tags ("...>\n   <..." -> "...><...").
std::string MinifyTemplate(std::string_view text);

// <option> entries ({value, label, selected}) for a select template, `selected` marked.
TemplateList Options(const std::vector<std::pair<std::string, std::string>>& options,
                     const std::string& selected);

// Loads assets/sites/<site>/site.css into the model (text and parsed sheet).
Status LoadStylesheet(std::string_view site, SiteModel* m);

// GET /static/site.css: the site's stylesheet (SiteModel::stylesheet_css).
void AddStylesheetRoute(SiteModel* m);

// "2023-06-01 12:00:00" (UTC) / "Jun 1, 2023".
std::string FormatDateTime(int64_t unix_seconds);
std::string FormatDate(int64_t unix_seconds);
// "$1,234.50"
std::string FormatMoney(double amount);
// "27.00"
std::string FormatFixed2(double amount);
// ASCII lower case.
std::string LowerAscii(std::string s);
// A URL segment of at most 12 decimal digits as a number, or `fallback`.
int64_t ParseId(const std::string& s, int64_t fallback = -1);

// Builds a SiteModel's pristine database: runs `schema` and `populate` on a fresh database
// and serialises it.
Status BuildPristine(std::string_view schema, const std::function<Status(Db&)>& populate,
                     SiteModel* model);

}  // namespace wa

#endif  // WEBAGENT_SIM_SITES_SITE_UTIL_H_
