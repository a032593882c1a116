// A thin SQLite wrapper: one in-memory database per site per environment, a statement cache,
// bound parameters only, snapshot/restore through sqlite3_serialize/deserialize, and a content
// hash for determinism checks. Not thread-safe: each Db belongs to one environment.
#ifndef WEBAGENT_SIM_DB_H_
#define WEBAGENT_SIM_DB_H_

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sim/status.h"

struct sqlite3;
struct sqlite3_stmt;

namespace wa {

// A parameter bound to a '?' placeholder. Strings are not copied: they must outlive the call.
class SqlParam {
 public:
  SqlParam(std::nullptr_t) : kind_(kNull) {}               // NOLINT
  SqlParam(int v) : kind_(kInt), i_(v) {}                  // NOLINT
  SqlParam(int64_t v) : kind_(kInt), i_(v) {}              // NOLINT
  SqlParam(double v) : kind_(kReal), d_(v) {}              // NOLINT
  SqlParam(const char* v) : kind_(kText), s_(v) {}         // NOLINT
  SqlParam(std::string_view v) : kind_(kText), s_(v) {}    // NOLINT
  SqlParam(const std::string& v) : kind_(kText), s_(v) {}  // NOLINT

 private:
  friend class Db;
  enum Kind { kNull, kInt, kReal, kText } kind_;
  int64_t i_ = 0;
  double d_ = 0;
  std::string_view s_;
};

// Read access to the current row of a query.
class Row {
 public:
  explicit Row(sqlite3_stmt* stmt) : stmt_(stmt) {}
  int size() const;
  int64_t Int(int col) const;
  double Real(int col) const;
  std::string Text(int col) const;
  std::string_view TextView(int col) const;  // valid until the next row
  bool IsNull(int col) const;

 private:
  sqlite3_stmt* stmt_;
};

class Db {
 public:
  ~Db();
  Db(const Db&) = delete;
  Db& operator=(const Db&) = delete;

  // A new empty in-memory database.
  static Result<std::unique_ptr<Db>> OpenMemory();
  // A database file (created unless read-only); waits up to 5 s on another writer's lock.
  static Result<std::unique_ptr<Db>> OpenFile(const std::string& path, bool read_only = false);

  // Runs SQL without parameters (schema, multiple statements).
  Status Exec(std::string_view sql);
  // Runs one statement with bound parameters, calling on_row for each result row.
  Status Query(std::string_view sql, std::initializer_list<SqlParam> params,
               const std::function<void(const Row&)>& on_row);
  // The same with a parameter list built at run time (queries assembled from optional filters).
  Status QueryDynamic(std::string_view sql, const std::vector<SqlParam>& params,
                      const std::function<void(const Row&)>& on_row);
  // Runs one statement with bound parameters, ignoring rows.
  Status Run(std::string_view sql, std::initializer_list<SqlParam> params = {});
  // First column of the first row as an integer (or `fallback` when there is no row).
  Result<int64_t> QueryInt(std::string_view sql, std::initializer_list<SqlParam> params,
                           int64_t fallback = 0);
  Result<double> QueryReal(std::string_view sql, std::initializer_list<SqlParam> params,
                           double fallback = 0);
  Result<std::string> QueryText(std::string_view sql, std::initializer_list<SqlParam> params,
                                std::string fallback = {});

  int64_t LastInsertRowId() const;
  int Changes() const;

  // Copies the whole database into a byte image / replaces it from one. `image_hash` (a hash of
  // the image's bytes, computed once by the owner of the image) starts the state fingerprint;
  // without it the fingerprint is unknown until the next restore that gives one. Restoring the
  // same image (same vector, same hash) again after no row changed is free. The image must not
  // be modified while a database may still be restored from it.
  Status Serialize(std::vector<uint8_t>* image) const;
  Status Deserialize(const std::vector<uint8_t>& image,
                     std::optional<uint64_t> image_hash = std::nullopt);

  // A fingerprint of the database's content that is cheap to read: the image hash of the last
  // restore folded with every statement since that may have written (SQL text and bound values,
  // in order). Sites are deterministic, so equal fingerprints mean equal content; the converse
  // does not hold (two write sequences can reach the same content). Empty when unknown.
  std::optional<uint64_t> StateFingerprint() const {
    return fingerprint_known_ ? std::optional<uint64_t>(fingerprint_) : std::nullopt;
  }

  // A 64-bit hash of every table's rows in rowid order (schema names included).
  Result<uint64_t> ContentHash();

  // The names of the user tables, sorted.
  Result<std::vector<std::string>> TableNames();
  // Every row of a table in rowid order with its column names; values as SQLite's text form
  // (SQL NULL as nullopt). `table` must name an existing table (identifiers cannot be bound;
  // callers pass names from TableNames, never outside input).
  struct TableRows {
    std::vector<std::string> columns;
    std::vector<int64_t> rowids;
    std::vector<std::vector<std::optional<std::string>>> values;  // (rows, columns)
  };
  Result<TableRows> ReadTable(const std::string& table);

 private:
  Db() = default;
  Result<sqlite3_stmt*> Prepare(std::string_view sql);
  Status Bind(sqlite3_stmt* stmt, const SqlParam* params, size_t n);
  Status Error(std::string_view what, std::string_view sql) const;

  void FoldWrite(std::string_view sql, const SqlParam* params, size_t n);
  Status QueryImpl(std::string_view sql, const SqlParam* params, size_t n,
                   const std::function<void(const Row&)>& on_row);

  sqlite3* db_ = nullptr;
  std::unordered_map<std::string, sqlite3_stmt*> cache_;
  uint64_t fingerprint_ = 0;
  bool fingerprint_known_ = true;  // a new database is empty: fingerprint 0
  // The image of the last restore (by address, size and hash) and the change counter and schema
  // version right after it; restored_from_ is null when unknown.
  const uint8_t* restored_from_ = nullptr;
  size_t restored_size_ = 0;
  uint64_t restored_hash_ = 0;
  int64_t restored_changes_ = 0;
  int64_t restored_schema_ = 0;
};

// Row-level differences between two databases, table by table, rows matched by rowid.
struct RowChange {
  enum class Kind { kInserted, kUpdated, kDeleted };
  Kind kind = Kind::kUpdated;
  int64_t rowid = 0;
  // Inserted and deleted rows: every column (`before` or `after` empty). Updated rows: only the
  // columns whose value changed.
  std::vector<std::string> columns;
  std::vector<std::optional<std::string>> before, after;
};
struct TableChanges {
  std::string table;
  int64_t inserted = 0, updated = 0, deleted = 0;
  std::vector<RowChange> rows;  // the first `max_rows` changes, in rowid order
  std::string note;             // why the table could not be compared (schema changed), if so
};
// Tables named in either database, in name order; unchanged tables are left out.
Result<std::vector<TableChanges>> DiffDatabases(Db& before, Db& after, size_t max_rows = 100);
const char* RowChangeName(RowChange::Kind kind);  // "inserted", "updated", "deleted"

}  // namespace wa

#endif  // WEBAGENT_SIM_DB_H_
