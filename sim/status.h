// Status and Result: error values returned across module boundaries.
//
// Bad input from outside (an action string, a task file, an HTTP request, a config) is reported
// through these, never by throwing or aborting. Broken internal invariants use WA_CHECK, which
// aborts with file and line.
#ifndef WEBAGENT_SIM_STATUS_H_
#define WEBAGENT_SIM_STATUS_H_

#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <variant>

namespace wa {

enum class StatusCode {
  kOk = 0,
  kInvalidArgument,     // malformed input from outside (action text, task file, request)
  kNotFound,            // a named thing (element id, site, route, file) does not exist
  kFailedPrecondition,  // the request is well-formed but impossible in the current state
  kInternal,            // an unexpected failure of a dependency (SQLite, I/O)
};

const char* StatusCodeName(StatusCode code);

// A success flag plus a human-readable message a user can act on.
class Status {
 public:
  Status() = default;
  Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}

  static Status Ok() { return Status(); }
  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }
  // "INVALID_ARGUMENT: message", or "OK".
  std::string ToString() const;

 private:
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

inline Status InvalidArgument(std::string m) {
  return Status(StatusCode::kInvalidArgument, std::move(m));
}
inline Status NotFound(std::string m) { return Status(StatusCode::kNotFound, std::move(m)); }
inline Status FailedPrecondition(std::string m) {
  return Status(StatusCode::kFailedPrecondition, std::move(m));
}
inline Status Internal(std::string m) { return Status(StatusCode::kInternal, std::move(m)); }

// Either a value or a non-OK status.
template <typename T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}         // NOLINT: implicit by design
  Result(Status status) : v_(std::move(status)) {}  // NOLINT: implicit by design

  bool ok() const { return std::holds_alternative<T>(v_); }
  const Status& status() const {
    static const Status kOk;
    return ok() ? kOk : std::get<Status>(v_);
  }
  T& value() { return std::get<T>(v_); }
  const T& value() const { return std::get<T>(v_); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

 private:
  std::variant<T, Status> v_;
};

}  // namespace wa

// Aborts with file and line when an internal invariant is broken. Never use for outside input.
#define WA_CHECK(cond)                                                              \
  do {                                                                              \
    if (!(cond)) {                                                                  \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      std::abort();                                                                 \
    }                                                                               \
  } while (0)

#define WA_RETURN_IF_ERROR(expr) \
  do {                           \
    ::wa::Status _st = (expr);   \
    if (!_st.ok()) return _st;   \
  } while (0)

#endif  // WEBAGENT_SIM_STATUS_H_
