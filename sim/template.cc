#include "sim/template.h"

#include <kainjow/mustache.hpp>

#include <atomic>

namespace wa {

void TemplateData::set(std::string_view key, TemplateData value) {
  if (kind_ != Kind::kObject) return;
  for (size_t i = 0; i < keys_.size(); ++i) {
    if (keys_[i] == key) {
      values_[i] = std::move(value);
      return;
    }
  }
  keys_.emplace_back(key);
  values_.push_back(std::move(value));
}

const TemplateData* TemplateData::get(std::string_view key) const {
  if (kind_ != Kind::kObject) return nullptr;
  for (size_t i = 0; i < keys_.size(); ++i) {
    if (keys_[i] == key) return &values_[i];
  }
  return nullptr;
}

struct Template::Op {
  enum Kind { kText, kNewline, kVar, kRawVar, kSection, kInverted } kind;
  std::string text;                // text, newline characters, or the tag name
  std::vector<std::string> parts;  // dotted name split ("." alone: empty)
  size_t end = 0;                  // sections: index one past the last op inside
};

Template::Template() = default;
Template::~Template() = default;
Template::Template(Template&&) noexcept = default;
Template& Template::operator=(Template&&) noexcept = default;

namespace {

std::string_view Trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::vector<std::string> SplitName(std::string_view name) {
  std::vector<std::string> parts;
  if (name == ".") return parts;
  size_t start = 0;
  while (true) {
    size_t dot = name.find('.', start);
    parts.emplace_back(name.substr(start, dot == std::string_view::npos ? name.npos : dot - start));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return parts;
}

void AppendEscaped(std::string_view s, std::string* out) {
  size_t run = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const char* rep = nullptr;
    switch (s[i]) {
      case '&':
        rep = "&amp;";
        break;
      case '<':
        rep = "&lt;";
        break;
      case '>':
        rep = "&gt;";
        break;
      case '"':
        rep = "&quot;";
        break;
      case '\'':
        rep = "&apos;";
        break;
      default:
        continue;
    }
    out->append(s.data() + run, i - run);
    out->append(rep);
    run = i + 1;
  }
  out->append(s.data() + run, s.size() - run);
}

// The context stack (innermost last) and kainjow's line state.
struct RenderState {
  std::vector<const TemplateData*> stack;
  std::string* out;
  size_t line_start = 0;
  bool line_had_section = false;

  const TemplateData* Lookup(const std::vector<std::string>& parts) const {
    if (parts.empty()) return stack.back();
    for (size_t f = stack.size(); f-- > 0;) {
      const TemplateData* v = stack[f];
      for (const std::string& p : parts) {
        v = v->get(p);
        if (v == nullptr) break;
      }
      if (v != nullptr) return v;
    }
    return nullptr;
  }

  // End of a line (newline text, or null at the end of the template).
  void EndLine(const std::string* newline) {
    bool blank = true;
    for (size_t i = line_start; i < out->size() && blank; ++i) {
      blank = (*out)[i] == ' ' || (*out)[i] == '\t';
    }
    if (line_had_section && blank) {
      out->resize(line_start);
    } else if (newline != nullptr) {
      out->append(*newline);
    }
    line_start = out->size();
    line_had_section = false;
  }
};

bool Falsy(const TemplateData* v) {
  return v == nullptr || (v->kind() == TemplateData::Kind::kBool && !v->bool_value()) ||
         (v->kind() == TemplateData::Kind::kList && v->list_value().empty());
}

}  // namespace

namespace {

void RenderOps(const std::vector<Template::Op>& ops, size_t begin, size_t end, RenderState* st);

void RenderSection(const std::vector<Template::Op>& ops, size_t i, const TemplateData* var,
                   RenderState* st) {
  auto body = [&](const TemplateData* frame) {
    st->line_had_section = true;
    if (frame != nullptr) st->stack.push_back(frame);
    RenderOps(ops, i + 1, ops[i].end, st);
    if (frame != nullptr) st->stack.pop_back();
    st->line_had_section = true;
  };
  if (var != nullptr && var->kind() == TemplateData::Kind::kList && !var->list_value().empty()) {
    for (const TemplateData& item : var->list_value()) body(&item);
  } else {
    body(var);
  }
}

void RenderOps(const std::vector<Template::Op>& ops, size_t begin, size_t end, RenderState* st) {
  using Op = Template::Op;
  for (size_t i = begin; i < end;) {
    const Op& op = ops[i];
    switch (op.kind) {
      case Op::kText:
        st->out->append(op.text);
        break;
      case Op::kNewline:
        st->EndLine(&op.text);
        break;
      case Op::kVar:
      case Op::kRawVar: {
        const TemplateData* v = st->Lookup(op.parts);
        if (v != nullptr && v->kind() == TemplateData::Kind::kString) {
          if (op.kind == Op::kVar) {
            AppendEscaped(v->string_value(), st->out);
          } else {
            st->out->append(v->string_value());
          }
        }
        break;
      }
      case Op::kSection:
      case Op::kInverted: {
        const TemplateData* v = st->Lookup(op.parts);
        if (Falsy(v) == (op.kind == Op::kInverted)) RenderSection(ops, i, v, st);
        i = op.end;
        continue;
      }
    }
    ++i;
  }
}

}  // namespace

Result<Template> Template::Compile(std::string_view text) {
  Template t;
  std::vector<size_t> open;  // indices of open sections
  size_t i = 0;
  std::string pending;
  auto flush = [&] {
    if (!pending.empty()) {
      t.ops_.push_back({Op::kText, std::move(pending), {}, 0});
      pending.clear();
    }
  };
  while (i < text.size()) {
    if (text.compare(i, 2, "{{") == 0) {
      flush();
      bool triple = i + 2 < text.size() && text[i + 2] == '{';
      size_t start = i + (triple ? 3 : 2);
      size_t close = text.find(triple ? "}}}" : "}}", start);
      if (close == std::string_view::npos) {
        return InvalidArgument("unclosed tag at " + std::to_string(i));
      }
      std::string_view contents = Trim(text.substr(start, close - start));
      i = close + (triple ? 3 : 2);
      Op op{Op::kVar, "", {}, 0};
      char sigil = contents.empty() ? '\0' : contents[0];
      if (triple) {
        op.kind = Op::kRawVar;
        op.text = std::string(contents);
      } else if (sigil == '#' || sigil == '^' || sigil == '/' || sigil == '&' || sigil == '!' ||
                 sigil == '>' || sigil == '=') {
        op.text = std::string(Trim(contents.substr(1)));
        if (sigil == '!') continue;
        if (sigil == '>' || sigil == '=') {
          return InvalidArgument(std::string("unsupported tag {{") + std::string(contents) +
                                 "}} (partials and delimiter changes are not supported)");
        }
        if (sigil == '/') {
          if (open.empty() || t.ops_[open.back()].text != op.text) {
            return InvalidArgument("unopened or mismatched section end \"" + op.text + "\" at " +
                                   std::to_string(close));
          }
          t.ops_[open.back()].end = t.ops_.size();
          open.pop_back();
          continue;
        }
        op.kind = sigil == '#' ? Op::kSection : sigil == '^' ? Op::kInverted : Op::kRawVar;
      } else {
        op.text = std::string(contents);
      }
      op.parts = SplitName(op.text);
      if (op.kind == Op::kSection || op.kind == Op::kInverted) open.push_back(t.ops_.size());
      t.ops_.push_back(std::move(op));
      continue;
    }
    char c = text[i];
    if (c == '\n' || c == '\r') {
      flush();
      size_t n = c == '\r' && i + 1 < text.size() && text[i + 1] == '\n' ? 2 : 1;
      t.ops_.push_back({Op::kNewline, std::string(text.substr(i, n)), {}, 0});
      i += n;
      continue;
    }
    pending += c;
    ++i;
  }
  flush();
  if (!open.empty()) {
    return InvalidArgument("unclosed section \"" + t.ops_[open.back()].text + "\"");
  }
  return t;
}

void Template::RenderTo(const TemplateData& data, std::string* out) const {
  RenderState st;
  st.out = out;
  st.line_start = out->size();
  st.stack.push_back(&data);
  RenderOps(ops_, 0, ops_.size(), &st);
  st.EndLine(nullptr);
}

std::string Template::Render(const TemplateData& data) const {
  std::string out;
  RenderTo(data, &out);
  return out;
}

namespace {

std::atomic<bool> g_reference_check{false};
std::atomic<uint64_t> g_comparisons{0}, g_mismatches{0};

kainjow::mustache::data ToKainjow(const TemplateData& d) {
  switch (d.kind()) {
    case TemplateData::Kind::kString:
      return kainjow::mustache::data(d.string_value());
    case TemplateData::Kind::kBool:
      return kainjow::mustache::data(d.bool_value());
    case TemplateData::Kind::kList: {
      kainjow::mustache::data list(kainjow::mustache::data::type::list);
      for (const TemplateData& item : d.list_value()) list.push_back(ToKainjow(item));
      return list;
    }
    case TemplateData::Kind::kObject:
      break;
  }
  kainjow::mustache::data obj;
  for (size_t i = 0; i < d.keys().size(); ++i) obj.set(d.keys()[i], ToKainjow(d.values()[i]));
  return obj;
}

}  // namespace

void Template::SetReferenceCheck(bool on) { g_reference_check = on; }
bool Template::ReferenceCheck() { return g_reference_check; }
uint64_t Template::ReferenceComparisons() { return g_comparisons; }
uint64_t Template::ReferenceMismatches() { return g_mismatches; }

Status Template::CheckAgainstReference(std::string_view text, const TemplateData& data,
                                       const std::string& rendered) {
  kainjow::mustache::mustache reference{std::string(text)};
  if (!reference.is_valid()) return InvalidArgument("kainjow: " + reference.error_message());
  std::string expected = reference.render(ToKainjow(data));
  ++g_comparisons;
  if (expected == rendered) return Status::Ok();
  ++g_mismatches;
  size_t at = 0;
  while (at < expected.size() && at < rendered.size() && expected[at] == rendered[at]) ++at;
  auto around = [&](const std::string& s) {
    size_t from = at > 40 ? at - 40 : 0;
    return s.substr(from, 80);
  };
  return Internal("template output differs from kainjow mustache at byte " + std::to_string(at) +
                  ": ours \"" + around(rendered) + "\", kainjow \"" + around(expected) + "\"");
}

}  // namespace wa
