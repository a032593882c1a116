#include "sim/sites/site_util.h"

#include <cctype>
#include <cstdio>

#include <cmath>
#include <ctime>

#include "sim/assets.h"

namespace wa {

std::string MinifyTemplate(std::string_view text) {
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    size_t end = text.find('\n', i);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(i, end - i);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) {
      line.remove_suffix(1);
    }
    if (!line.empty()) {
      bool tag_boundary = !out.empty() && (out.back() == '>' || out.back() == '}') &&
                          (line.front() == '<' || line.front() == '{');
      if (!out.empty() && !tag_boundary) out += '\n';
      out.append(line);
    }
    i = end + 1;
  }
  return out;
}

Status TemplateSet::Load(std::string_view site, bool minify) {
  std::string prefix = "sites/" + std::string(site) + "/";
  for (std::string_view path : ListAssets(prefix)) {
    if (path.size() < 9 || path.substr(path.size() - 9) != ".mustache") continue;
    std::string name(path.substr(prefix.size(), path.size() - prefix.size() - 9));
    auto asset = FindAsset(path);
    std::string text = minify ? MinifyTemplate(*asset) : std::string(*asset);
    auto compiled = Template::Compile(text);
    if (!compiled.ok()) {
      return Internal("template " + std::string(path) + ": " + compiled.status().message());
    }
    templates_[name] = Entry{std::move(text), std::move(*compiled)};
  }
  if (templates_.empty()) return NotFound("no templates under assets/" + prefix);
  return Status::Ok();
}

Result<std::string> TemplateSet::Render(std::string_view name, const TemplateData& data) const {
  auto it = templates_.find(name);
  if (it == templates_.end()) return Internal("no template named " + std::string(name));
  std::string out = it->second.compiled.Render(data);
  if (Template::ReferenceCheck()) {
    Status st = Template::CheckAgainstReference(it->second.text, data, out);
    if (!st.ok()) return Internal("template " + std::string(name) + ": " + st.message());
  }
  return out;
}

std::string FormatDateTime(int64_t t) {
  std::time_t tt = static_cast<std::time_t>(t);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm);
  return buf;
}

std::string FormatDate(int64_t t) {
  static const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                  "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  std::time_t tt = static_cast<std::time_t>(t);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  return std::string(kMonths[tm.tm_mon]) + " " + std::to_string(tm.tm_mday) + ", " +
         std::to_string(tm.tm_year + 1900);
}

std::string FormatFixed2(double amount) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", amount);
  return buf;
}

std::string LowerAscii(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

int64_t ParseId(const std::string& s, int64_t fallback) {
  if (s.empty() || s.size() > 12) return fallback;
  int64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return fallback;
    v = v * 10 + (c - '0');
  }
  return v;
}

std::string FormatMoney(double amount) {
  long long cents = std::llround(amount * 100);
  bool neg = cents < 0;
  if (neg) cents = -cents;
  std::string whole = std::to_string(cents / 100);
  std::string grouped;
  for (size_t i = 0; i < whole.size(); ++i) {
    if (i > 0 && (whole.size() - i) % 3 == 0) grouped += ',';
    grouped += whole[i];
  }
  char frac[4];
  std::snprintf(frac, sizeof frac, "%02lld", cents % 100);
  return std::string(neg ? "-$" : "$") + grouped + "." + frac;
}

TemplateList Options(const std::vector<std::pair<std::string, std::string>>& options,
                     const std::string& selected) {
  TemplateList out;
  for (const auto& [value, label] : options) {
    TemplateData o;
    o.set("value", value);
    o.set("label", label);
    if (value == selected) o.set("selected", true);
    out.push_back(std::move(o));
  }
  return out;
}

Status LoadStylesheet(std::string_view site, SiteModel* m) {
  const std::string path = "sites/" + std::string(site) + "/site.css";
  auto css = FindAsset(path);
  if (!css) return NotFound("assets/" + path + " is missing");
  m->stylesheet_css = std::string(*css);
  auto sheet = StyleSheet::Parse(m->stylesheet_css);
  if (!sheet.ok()) return sheet.status();
  m->stylesheet = std::move(*sheet);
  return Status::Ok();
}

void AddStylesheetRoute(SiteModel* m) {
  m->AddRoute("GET", "/static/site.css", [](const Request&, SiteContext& ctx, Response* r) {
    r->body = ctx.model->stylesheet_css;
    r->content_type = "text/css";
    return Status::Ok();
  });
}

Status BuildPristine(std::string_view schema, const std::function<Status(Db&)>& populate,
                     SiteModel* model) {
  auto db = Db::OpenMemory();
  if (!db.ok()) return db.status();
  WA_RETURN_IF_ERROR((*db)->Exec(schema));
  WA_RETURN_IF_ERROR((*db)->Exec("BEGIN"));
  WA_RETURN_IF_ERROR(populate(**db));
  WA_RETURN_IF_ERROR((*db)->Exec("COMMIT"));
  WA_RETURN_IF_ERROR((*db)->Serialize(&model->pristine));
  model->pristine_hash = std::hash<std::string_view>()(std::string_view(
      reinterpret_cast<const char*>(model->pristine.data()), model->pristine.size()));
  return Status::Ok();
}

}  // namespace wa
