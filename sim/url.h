// URL parsing, resolution and form encoding (the subset of the WHATWG URL standard that the
// simulated sites use: http(s) URLs with host, port, path, query and fragment).
#ifndef WEBAGENT_SIM_URL_H_
#define WEBAGENT_SIM_URL_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sim/status.h"

namespace wa {

using QueryParams = std::vector<std::pair<std::string, std::string>>;

struct Url {
  std::string scheme;    // "http"
  std::string host;      // "localhost"
  int port = 0;          // 0 means the scheme's default
  std::string path;      // always starts with '/'
  std::string query;     // without '?', still percent-encoded
  std::string fragment;  // without '#'

  // "http://localhost:7770"
  std::string Origin() const;
  // Full serialisation: origin + path [+ '?' query] [+ '#' fragment].
  std::string ToString() const;
  // Path plus query, as an HTTP request target.
  std::string Target() const;
  QueryParams Params() const;
};

// Parses an absolute http(s) URL. Host is lower-cased, an empty path becomes "/".
Result<Url> ParseUrl(std::string_view text);
// Resolves a reference (absolute, scheme-relative, absolute-path, relative-path, query-only or
// fragment-only) against a base URL. Dot segments are removed.
Result<Url> ResolveUrl(const Url& base, std::string_view ref);

// application/x-www-form-urlencoded.
std::string UrlEncode(std::string_view s);  // space -> '+', unreserved kept, rest %XX
std::string UrlDecode(std::string_view s);  // '+' -> space, %XX decoded, bad escapes kept
// JavaScript's encodeURIComponent (A-Z a-z 0-9 - _ . ! ~ * ' ( ) kept, the rest %XX, space as
// %20), keeping also the characters in `also_keep`.
std::string EncodeUriComponent(std::string_view s, std::string_view also_keep = "");
QueryParams ParseQuery(std::string_view query);
std::string EncodeQuery(const QueryParams& params);
// First value for key, or empty.
std::string GetParam(const QueryParams& params, std::string_view key);
bool HasParam(const QueryParams& params, std::string_view key);

}  // namespace wa

#endif  // WEBAGENT_SIM_URL_H_
