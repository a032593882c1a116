#include "sim/db.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstring>

#include "sim/rng.h"

namespace wa {
namespace {

struct Hasher {
  uint64_t h = 0xcbf29ce484222325ULL;
  void Bytes(const void* p, size_t n) {
    const unsigned char* b = static_cast<const unsigned char*>(p);
    for (size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 0x100000001b3ULL;
  }
  void U64(uint64_t v) { Bytes(&v, sizeof v); }
};

}  // namespace

int Row::size() const { return sqlite3_column_count(stmt_); }
int64_t Row::Int(int col) const { return sqlite3_column_int64(stmt_, col); }
double Row::Real(int col) const { return sqlite3_column_double(stmt_, col); }
bool Row::IsNull(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
std::string_view Row::TextView(int col) const {
  const unsigned char* t = sqlite3_column_text(stmt_, col);
  if (t == nullptr) return {};
  return std::string_view(reinterpret_cast<const char*>(t),
                          static_cast<size_t>(sqlite3_column_bytes(stmt_, col)));
}
std::string Row::Text(int col) const { return std::string(TextView(col)); }

Db::~Db() {
  for (auto& [sql, stmt] : cache_) sqlite3_finalize(stmt);
  if (db_ != nullptr) sqlite3_close(db_);
}

Result<std::unique_ptr<Db>> Db::OpenMemory() {
  std::unique_ptr<Db> db(new Db());
  int rc =
      sqlite3_open_v2(":memory:", &db->db_,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) return Internal("cannot open in-memory SQLite database");
  return db;
}

Result<std::unique_ptr<Db>> Db::OpenFile(const std::string& path, bool read_only) {
  std::unique_ptr<Db> db(new Db());
  int flags = (read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) |
              SQLITE_OPEN_NOMUTEX;
  if (sqlite3_open_v2(path.c_str(), &db->db_, flags, nullptr) != SQLITE_OK) {
    return Internal("cannot open SQLite database " + path + ": " +
                    (db->db_ ? sqlite3_errmsg(db->db_) : "out of memory"));
  }
  sqlite3_busy_timeout(db->db_, 5000);
  return db;
}

Status Db::Error(std::string_view what, std::string_view sql) const {
  return Internal(std::string(what) + ": " + sqlite3_errmsg(db_) + " [" +
                  std::string(sql.substr(0, 200)) + "]");
}

void Db::FoldWrite(std::string_view sql, const SqlParam* params, size_t n) {
  uint64_t h = Rng::Mix(fingerprint_ ^ std::hash<std::string_view>()(sql));
  for (size_t k = 0; k < n; ++k) {
    const SqlParam& p = params[k];
    uint64_t v = static_cast<uint64_t>(p.kind_) + 1;
    switch (p.kind_) {
      case SqlParam::kNull:
        break;
      case SqlParam::kInt:
        v ^= static_cast<uint64_t>(p.i_) * 0x9e3779b97f4a7c15ULL;
        break;
      case SqlParam::kReal: {
        uint64_t bits;
        std::memcpy(&bits, &p.d_, sizeof bits);
        v ^= bits * 0x9e3779b97f4a7c15ULL;
        break;
      }
      case SqlParam::kText:
        v ^= std::hash<std::string_view>()(p.s_);
        break;
    }
    h = Rng::Mix(h ^ v);
  }
  fingerprint_ = h;
}

Status Db::Exec(std::string_view sql) {
  FoldWrite(sql, nullptr, 0);  // may write: schema, several statements
  std::string s(sql);
  char* err = nullptr;
  if (sqlite3_exec(db_, s.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "unknown error";
    sqlite3_free(err);
    return Internal("SQL error: " + msg);
  }
  return Status::Ok();
}

Result<sqlite3_stmt*> Db::Prepare(std::string_view sql) {
  auto it = cache_.find(std::string(sql));
  if (it != cache_.end()) {
    sqlite3_reset(it->second);
    sqlite3_clear_bindings(it->second);
    return it->second;
  }
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT,
                         &stmt, nullptr) != SQLITE_OK) {
    return Error("prepare failed", sql);
  }
  cache_.emplace(std::string(sql), stmt);
  return stmt;
}

Status Db::Bind(sqlite3_stmt* stmt, const SqlParam* params, size_t n) {
  if (static_cast<int>(n) != sqlite3_bind_parameter_count(stmt)) {
    return Internal("SQL parameter count mismatch: statement wants " +
                    std::to_string(sqlite3_bind_parameter_count(stmt)) + ", got " +
                    std::to_string(n));
  }
  int i = 1;
  for (size_t k = 0; k < n; ++k) {
    const SqlParam& p = params[k];
    int rc = SQLITE_OK;
    switch (p.kind_) {
      case SqlParam::kNull:
        rc = sqlite3_bind_null(stmt, i);
        break;
      case SqlParam::kInt:
        rc = sqlite3_bind_int64(stmt, i, p.i_);
        break;
      case SqlParam::kReal:
        rc = sqlite3_bind_double(stmt, i, p.d_);
        break;
      case SqlParam::kText:
        rc = sqlite3_bind_text(stmt, i, p.s_.data(), static_cast<int>(p.s_.size()),
                               SQLITE_TRANSIENT);
        break;
    }
    if (rc != SQLITE_OK) return Internal("cannot bind SQL parameter " + std::to_string(i));
    ++i;
  }
  return Status::Ok();
}

Status Db::Query(std::string_view sql, std::initializer_list<SqlParam> params,
                 const std::function<void(const Row&)>& on_row) {
  return QueryImpl(sql, params.begin(), params.size(), on_row);
}

Status Db::QueryDynamic(std::string_view sql, const std::vector<SqlParam>& params,
                        const std::function<void(const Row&)>& on_row) {
  return QueryImpl(sql, params.data(), params.size(), on_row);
}

Status Db::QueryImpl(std::string_view sql, const SqlParam* params, size_t n,
                     const std::function<void(const Row&)>& on_row) {
  auto stmt = Prepare(sql);
  if (!stmt.ok()) return stmt.status();
  WA_RETURN_IF_ERROR(Bind(*stmt, params, n));
  if (!sqlite3_stmt_readonly(*stmt)) FoldWrite(sql, params, n);
  Row row(*stmt);
  while (true) {
    int rc = sqlite3_step(*stmt);
    if (rc == SQLITE_ROW) {
      if (on_row) on_row(row);
      continue;
    }
    if (rc == SQLITE_DONE) break;
    Status st = Error("query failed", sql);
    sqlite3_reset(*stmt);
    return st;
  }
  sqlite3_reset(*stmt);
  return Status::Ok();
}

Status Db::Run(std::string_view sql, std::initializer_list<SqlParam> params) {
  return Query(sql, params, nullptr);
}

Result<int64_t> Db::QueryInt(std::string_view sql, std::initializer_list<SqlParam> params,
                             int64_t fallback) {
  int64_t value = fallback;
  bool first = true;
  Status st = Query(sql, params, [&](const Row& r) {
    if (first && !r.IsNull(0)) value = r.Int(0);
    first = false;
  });
  if (!st.ok()) return st;
  return value;
}

Result<double> Db::QueryReal(std::string_view sql, std::initializer_list<SqlParam> params,
                             double fallback) {
  double value = fallback;
  bool first = true;
  Status st = Query(sql, params, [&](const Row& r) {
    if (first && !r.IsNull(0)) value = r.Real(0);
    first = false;
  });
  if (!st.ok()) return st;
  return value;
}

Result<std::string> Db::QueryText(std::string_view sql, std::initializer_list<SqlParam> params,
                                  std::string fallback) {
  std::string value = std::move(fallback);
  bool first = true;
  Status st = Query(sql, params, [&](const Row& r) {
    if (first && !r.IsNull(0)) value = r.Text(0);
    first = false;
  });
  if (!st.ok()) return st;
  return value;
}

int64_t Db::LastInsertRowId() const { return sqlite3_last_insert_rowid(db_); }
int Db::Changes() const { return sqlite3_changes(db_); }

Status Db::Serialize(std::vector<uint8_t>* image) const {
  sqlite3_int64 size = 0;
  unsigned char* data = sqlite3_serialize(db_, "main", &size, 0);
  if (data == nullptr) return Internal("sqlite3_serialize failed");
  image->assign(data, data + size);
  sqlite3_free(data);
  return Status::Ok();
}

namespace {

// The schema cookie (changes with every CREATE, DROP or ALTER); -1 when it cannot be read.
int64_t SchemaVersion(sqlite3* db) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, "PRAGMA schema_version", -1, &stmt, nullptr) != SQLITE_OK) return -1;
  int64_t v = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : -1;
  sqlite3_finalize(stmt);
  return v;
}

}  // namespace

Status Db::Deserialize(const std::vector<uint8_t>& image, std::optional<uint64_t> image_hash) {
  fingerprint_known_ = image_hash.has_value();
  fingerprint_ = Rng::Mix(image_hash.value_or(0) ^ 0x5851f42d4c957f2dULL);
  // Restoring the image this database was last restored from, with no row changed and the
  // schema untouched since (and no transaction open), would copy the same bytes again: skip it.
  // A reset after a read-only episode then costs nothing.
  if (image_hash && restored_from_ == image.data() && restored_size_ == image.size() &&
      restored_hash_ == *image_hash && sqlite3_total_changes64(db_) == restored_changes_ &&
      sqlite3_get_autocommit(db_) != 0) {
    if (restored_schema_ >= 0 && SchemaVersion(db_) == restored_schema_) {
      for (auto& [sql, stmt] : cache_) sqlite3_reset(stmt);
      return Status::Ok();
    }
  }
  restored_from_ = nullptr;
  // Statements prepared against the old image re-prepare themselves on the next step.
  auto* buf = static_cast<unsigned char*>(sqlite3_malloc64(image.size()));
  if (buf == nullptr && !image.empty()) return Internal("out of memory restoring database");
  if (!image.empty()) std::memcpy(buf, image.data(), image.size());
  for (auto& [sql, stmt] : cache_) sqlite3_reset(stmt);
  int rc = sqlite3_deserialize(db_, "main", buf, static_cast<sqlite3_int64>(image.size()),
                               static_cast<sqlite3_int64>(image.size()),
                               SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE);
  if (rc != SQLITE_OK) {
    fingerprint_known_ = false;
    return Error("sqlite3_deserialize failed", "");
  }
  if (image_hash) {
    restored_from_ = image.data();
    restored_size_ = image.size();
    restored_hash_ = *image_hash;
    restored_changes_ = sqlite3_total_changes64(db_);
    restored_schema_ = SchemaVersion(db_);
  }
  return Status::Ok();
}

Result<uint64_t> Db::ContentHash() {
  Hasher h;
  std::vector<std::string> tables;
  WA_RETURN_IF_ERROR(
      Query("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name",
            {}, [&](const Row& r) { tables.push_back(r.Text(0)); }));
  for (const std::string& t : tables) {
    h.Bytes(t.data(), t.size());
    std::string quoted = "\"";
    for (char c : t) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    quoted += "\"";
    // Table names come from sqlite_master, not from outside input; identifiers cannot be bound.
    std::string sql = "SELECT * FROM " + quoted + " ORDER BY rowid";
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
      return Error("hash prepare failed", sql);
    }
    int rc;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
      int n = sqlite3_column_count(stmt);
      for (int c = 0; c < n; ++c) {
        int type = sqlite3_column_type(stmt, c);
        h.U64(static_cast<uint64_t>(type));
        if (type == SQLITE_INTEGER) {
          h.U64(static_cast<uint64_t>(sqlite3_column_int64(stmt, c)));
        } else if (type == SQLITE_FLOAT) {
          double d = sqlite3_column_double(stmt, c);
          h.Bytes(&d, sizeof d);
        } else if (type != SQLITE_NULL) {
          const void* p = sqlite3_column_blob(stmt, c);
          int len = sqlite3_column_bytes(stmt, c);
          h.U64(static_cast<uint64_t>(len));
          if (p != nullptr) h.Bytes(p, static_cast<size_t>(len));
        }
      }
    }
    sqlite3_finalize(stmt);
    if (rc != SQLITE_DONE) return Error("hash query failed", sql);
  }
  return h.h;
}

Result<std::vector<std::string>> Db::TableNames() {
  std::vector<std::string> tables;
  WA_RETURN_IF_ERROR(
      Query("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name",
            {}, [&](const Row& r) { tables.push_back(r.Text(0)); }));
  return tables;
}

Result<Db::TableRows> Db::ReadTable(const std::string& table) {
  std::string quoted = "\"";
  for (char c : table) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  quoted += "\"";
  const std::string sql = "SELECT rowid, * FROM " + quoted + " ORDER BY rowid";
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
    return Error("cannot read table", sql);
  }
  TableRows out;
  const int n = sqlite3_column_count(stmt);
  for (int c = 1; c < n; ++c) out.columns.emplace_back(sqlite3_column_name(stmt, c));
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    out.rowids.push_back(sqlite3_column_int64(stmt, 0));
    std::vector<std::optional<std::string>> row;
    row.reserve(static_cast<size_t>(n - 1));
    for (int c = 1; c < n; ++c) {
      if (sqlite3_column_type(stmt, c) == SQLITE_NULL) {
        row.emplace_back(std::nullopt);
      } else {
        const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt, c));
        row.emplace_back(std::string(p, static_cast<size_t>(sqlite3_column_bytes(stmt, c))));
      }
    }
    out.values.push_back(std::move(row));
  }
  sqlite3_finalize(stmt);
  if (rc != SQLITE_DONE) return Error("cannot read table", sql);
  return out;
}

const char* RowChangeName(RowChange::Kind kind) {
  switch (kind) {
    case RowChange::Kind::kInserted:
      return "inserted";
    case RowChange::Kind::kDeleted:
      return "deleted";
    case RowChange::Kind::kUpdated:
      break;
  }
  return "updated";
}

Result<std::vector<TableChanges>> DiffDatabases(Db& before, Db& after, size_t max_rows) {
  auto names_a = before.TableNames();
  if (!names_a.ok()) return names_a.status();
  auto names_b = after.TableNames();
  if (!names_b.ok()) return names_b.status();
  std::vector<std::string> names = *names_a;
  names.insert(names.end(), names_b->begin(), names_b->end());
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  auto has = [](const std::vector<std::string>& v, const std::string& n) {
    return std::binary_search(v.begin(), v.end(), n);
  };
  std::vector<TableChanges> out;
  for (const std::string& name : names) {
    Result<Db::TableRows> a = has(*names_a, name) ? before.ReadTable(name) : Db::TableRows();
    if (!a.ok()) return a.status();
    Result<Db::TableRows> b = has(*names_b, name) ? after.ReadTable(name) : Db::TableRows();
    if (!b.ok()) return b.status();
    TableChanges t;
    t.table = name;
    const std::vector<std::string>& columns = b->columns.empty() ? a->columns : b->columns;
    if (!a->columns.empty() && !b->columns.empty() && a->columns != b->columns) {
      t.note = "the table's columns differ between the two databases";
      out.push_back(std::move(t));
      continue;
    }
    auto add = [&](RowChange c) {
      if (t.rows.size() < max_rows) t.rows.push_back(std::move(c));
    };
    // Merge by rowid (both sides are in rowid order).
    size_t i = 0, j = 0;
    while (i < a->rowids.size() || j < b->rowids.size()) {
      const bool take_a =
          j == b->rowids.size() || (i < a->rowids.size() && a->rowids[i] < b->rowids[j]);
      const bool take_b =
          i == a->rowids.size() || (j < b->rowids.size() && b->rowids[j] < a->rowids[i]);
      RowChange c;
      if (take_a) {
        ++t.deleted;
        c.kind = RowChange::Kind::kDeleted;
        c.rowid = a->rowids[i];
        c.columns = columns;
        c.before = a->values[i++];
        add(std::move(c));
      } else if (take_b) {
        ++t.inserted;
        c.kind = RowChange::Kind::kInserted;
        c.rowid = b->rowids[j];
        c.columns = columns;
        c.after = b->values[j++];
        add(std::move(c));
      } else {
        const auto& va = a->values[i];
        const auto& vb = b->values[j];
        if (va != vb) {
          ++t.updated;
          c.kind = RowChange::Kind::kUpdated;
          c.rowid = a->rowids[i];
          for (size_t k = 0; k < va.size() && k < vb.size(); ++k) {
            if (va[k] == vb[k]) continue;
            c.columns.push_back(columns[k]);
            c.before.push_back(va[k]);
            c.after.push_back(vb[k]);
          }
          add(std::move(c));
        }
        ++i;
        ++j;
      }
    }
    if (t.inserted + t.updated + t.deleted > 0) out.push_back(std::move(t));
  }
  return out;
}

}  // namespace wa
