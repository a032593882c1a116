#include "sim/url.h"

#include <cctype>

namespace wa {
namespace {

int DefaultPort(std::string_view scheme) { return scheme == "https" ? 443 : 80; }

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Removes "." and ".." segments (RFC 3986 section 5.2.4).
std::string RemoveDotSegments(std::string_view path) {
  std::vector<std::string_view> out;
  size_t i = 0;
  bool trailing_slash = false;
  while (i <= path.size()) {
    size_t j = path.find('/', i);
    if (j == std::string_view::npos) j = path.size();
    std::string_view seg = path.substr(i, j - i);
    trailing_slash = false;
    if (seg == "..") {
      if (!out.empty()) out.pop_back();
      trailing_slash = true;
    } else if (seg == ".") {
      trailing_slash = true;
    } else if (!seg.empty() || (j == path.size() && i != 0)) {
      out.push_back(seg);
    }
    i = j + 1;
  }
  std::string result;
  for (std::string_view seg : out) {
    result += '/';
    result += seg;
  }
  if (result.empty() || trailing_slash) result += '/';
  // Preserve a trailing slash on the original ("a/b/").
  if (!path.empty() && path.back() == '/' && result.back() != '/') result += '/';
  return result;
}

}  // namespace

std::string Url::Origin() const {
  std::string s = scheme + "://" + host;
  if (port != 0 && port != DefaultPort(scheme)) s += ":" + std::to_string(port);
  return s;
}

std::string Url::Target() const {
  std::string s = path;
  if (!query.empty()) s += "?" + query;
  return s;
}

std::string Url::ToString() const {
  std::string s = Origin() + Target();
  if (!fragment.empty()) s += "#" + fragment;
  return s;
}

QueryParams Url::Params() const { return ParseQuery(query); }

Result<Url> ParseUrl(std::string_view text) {
  // Trim ASCII whitespace.
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) {
    text.remove_prefix(1);
  }
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) {
    text.remove_suffix(1);
  }
  size_t colon = text.find("://");
  if (colon == std::string_view::npos || colon == 0) {
    return InvalidArgument("not an absolute URL: '" + std::string(text.substr(0, 200)) + "'");
  }
  Url url;
  for (char c : text.substr(0, colon)) {
    url.scheme += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (url.scheme != "http" && url.scheme != "https") {
    return InvalidArgument("unsupported URL scheme '" + url.scheme + "'");
  }
  std::string_view rest = text.substr(colon + 3);
  size_t host_end = rest.find_first_of("/?#");
  std::string_view authority = rest.substr(0, host_end);
  rest = host_end == std::string_view::npos ? std::string_view() : rest.substr(host_end);
  if (size_t at = authority.rfind('@'); at != std::string_view::npos) {
    authority = authority.substr(at + 1);  // drop userinfo
  }
  size_t port_colon = authority.rfind(':');
  std::string_view host = authority;
  if (port_colon != std::string_view::npos) {
    host = authority.substr(0, port_colon);
    std::string_view port_text = authority.substr(port_colon + 1);
    if (!port_text.empty()) {
      int port = 0;
      for (char c : port_text) {
        if (!std::isdigit(static_cast<unsigned char>(c)) || port > 65535) {
          return InvalidArgument("bad port in URL '" + std::string(text.substr(0, 200)) + "'");
        }
        port = port * 10 + (c - '0');
      }
      if (port > 65535) return InvalidArgument("port out of range");
      url.port = port;
    }
  }
  if (host.empty()) return InvalidArgument("URL has no host");
  for (char c : host) url.host += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (url.port == DefaultPort(url.scheme)) url.port = 0;
  size_t hash = rest.find('#');
  if (hash != std::string_view::npos) {
    url.fragment = std::string(rest.substr(hash + 1));
    rest = rest.substr(0, hash);
  }
  size_t q = rest.find('?');
  if (q != std::string_view::npos) {
    url.query = std::string(rest.substr(q + 1));
    rest = rest.substr(0, q);
  }
  url.path = RemoveDotSegments(rest.empty() ? "/" : rest);
  return url;
}

Result<Url> ResolveUrl(const Url& base, std::string_view ref) {
  while (!ref.empty() && std::isspace(static_cast<unsigned char>(ref.front())))
    ref.remove_prefix(1);
  while (!ref.empty() && std::isspace(static_cast<unsigned char>(ref.back()))) ref.remove_suffix(1);
  // Absolute reference: a scheme (letters, digits, + - .) followed by "://".
  if (size_t sep = ref.find("://"); sep != std::string_view::npos && sep > 0) {
    bool scheme = std::isalpha(static_cast<unsigned char>(ref[0]));
    for (size_t i = 0; i < sep && scheme; ++i) {
      char c = ref[i];
      scheme = std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.';
    }
    if (scheme) return ParseUrl(ref);
  }
  if (ref.substr(0, 2) == "//") return ParseUrl(base.scheme + ":" + std::string(ref));
  Url url = base;
  url.fragment.clear();
  if (ref.empty()) return url;
  if (ref[0] == '#') {
    url.fragment = std::string(ref.substr(1));
    return url;
  }
  std::string_view frag;
  if (size_t h = ref.find('#'); h != std::string_view::npos) {
    frag = ref.substr(h + 1);
    ref = ref.substr(0, h);
  }
  std::string_view query;
  bool has_query = false;
  if (size_t q = ref.find('?'); q != std::string_view::npos) {
    query = ref.substr(q + 1);
    has_query = true;
    ref = ref.substr(0, q);
  }
  if (!ref.empty()) {
    std::string path;
    if (ref[0] == '/') {
      path = std::string(ref);
    } else {
      size_t slash = base.path.rfind('/');
      path = base.path.substr(0, slash + 1) + std::string(ref);
    }
    url.path = RemoveDotSegments(path);
    url.query = has_query ? std::string(query) : std::string();
  } else if (has_query) {
    url.query = std::string(query);
  }
  url.fragment = std::string(frag);
  return url;
}

std::string EncodeUriComponent(std::string_view s, std::string_view also_keep) {
  static const char* kHex = "0123456789ABCDEF";
  static constexpr std::string_view kKeep = "-_.!~*'()";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || kKeep.find(static_cast<char>(c)) != std::string_view::npos ||
        also_keep.find(static_cast<char>(c)) != std::string_view::npos) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

std::string UrlEncode(std::string_view s) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  out.reserve(s.size() * 3 / 2);
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '*') {
      out += static_cast<char>(c);
    } else if (c == ' ') {
      out += '+';
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

std::string UrlDecode(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '+') {
      out += ' ';
    } else if (c == '%' && i + 2 < s.size() && HexValue(s[i + 1]) >= 0 && HexValue(s[i + 2]) >= 0) {
      out += static_cast<char>(HexValue(s[i + 1]) * 16 + HexValue(s[i + 2]));
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

QueryParams ParseQuery(std::string_view query) {
  QueryParams params;
  size_t i = 0;
  while (i < query.size()) {
    size_t amp = query.find('&', i);
    if (amp == std::string_view::npos) amp = query.size();
    std::string_view pair = query.substr(i, amp - i);
    if (!pair.empty()) {
      size_t eq = pair.find('=');
      if (eq == std::string_view::npos) {
        params.emplace_back(UrlDecode(pair), std::string());
      } else {
        params.emplace_back(UrlDecode(pair.substr(0, eq)), UrlDecode(pair.substr(eq + 1)));
      }
    }
    i = amp + 1;
  }
  return params;
}

std::string EncodeQuery(const QueryParams& params) {
  std::string out;
  for (const auto& [k, v] : params) {
    if (!out.empty()) out += '&';
    out += UrlEncode(k);
    out += '=';
    out += UrlEncode(v);
  }
  return out;
}

std::string GetParam(const QueryParams& params, std::string_view key) {
  for (const auto& [k, v] : params) {
    if (k == key) return v;
  }
  return std::string();
}

bool HasParam(const QueryParams& params, std::string_view key) {
  for (const auto& [k, v] : params) {
    if (k == key) return true;
  }
  return false;
}

}  // namespace wa
