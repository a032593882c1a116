#include "sim/locator.h"

#include <cctype>
#include <cmath>
#include <map>
#include <vector>

#include "sim/selector.h"
#include "sim/text.h"

namespace wa {

// Expression tree.
struct Locator::Node {
  enum class Kind {
    kDocument,
    kString,
    kNumber,
    kIdent,   // arrow-function parameter
    kMember,  // object.name (optional: ?.)
    kCall,    // object.name(args)
    kIndex,   // object[index]
    kSpread,  // [...object]
    kOr,
    kAdd,
    kArrow,  // param => body
  };
  Kind kind;
  std::string name;  // member/method name, identifier, or string literal
  double number = 0;
  bool optional = false;
  std::vector<std::shared_ptr<const Node>> kids;  // object first, then arguments
};

namespace {

using NodePtr = std::shared_ptr<const Locator::Node>;
using K = Locator::Node::Kind;

NodePtr Make(K kind, std::string name = {}, std::vector<NodePtr> kids = {}, bool optional = false) {
  auto n = std::make_shared<Locator::Node>();
  n->kind = kind;
  n->name = std::move(name);
  n->kids = std::move(kids);
  n->optional = optional;
  return n;
}

class Parser {
 public:
  explicit Parser(std::string_view s) : s_(s) {}

  Result<NodePtr> ParseAll() {
    auto e = ParseExpr();
    if (!e.ok()) return e;
    Skip();
    if (pos_ < s_.size()) return Error("unexpected text");
    return e;
  }

 private:
  void Skip() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  bool Eat(std::string_view tok) {
    Skip();
    if (s_.substr(pos_, tok.size()) == tok) {
      pos_ += tok.size();
      return true;
    }
    return false;
  }
  Status Error(const std::string& what) const {
    return InvalidArgument("unsupported locator '" + std::string(s_.substr(0, 200)) + "': " + what +
                           " at position " + std::to_string(pos_));
  }
  std::string Ident() {
    Skip();
    size_t start = pos_;
    while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) ||
                                s_[pos_] == '_' || s_[pos_] == '$')) {
      ++pos_;
    }
    return std::string(s_.substr(start, pos_ - start));
  }

  Result<NodePtr> ParseExpr() {
    // Arrow function: ident => expr
    size_t save = pos_;
    std::string id = Ident();
    if (!id.empty() && Eat("=>")) {
      auto body = ParseExpr();
      if (!body.ok()) return body;
      return Make(K::kArrow, id, {*body});
    }
    pos_ = save;
    return ParseOr();
  }

  Result<NodePtr> ParseOr() {
    auto left = ParseAdd();
    if (!left.ok()) return left;
    NodePtr node = *left;
    while (Eat("||")) {
      auto right = ParseAdd();
      if (!right.ok()) return right;
      node = Make(K::kOr, {}, {node, *right});
    }
    return node;
  }

  Result<NodePtr> ParseAdd() {
    auto left = ParsePostfix();
    if (!left.ok()) return left;
    NodePtr node = *left;
    while (true) {
      Skip();
      if (pos_ < s_.size() && s_[pos_] == '+' && (pos_ + 1 >= s_.size() || s_[pos_ + 1] != '+')) {
        ++pos_;
        auto right = ParsePostfix();
        if (!right.ok()) return right;
        node = Make(K::kAdd, {}, {node, *right});
      } else {
        break;
      }
    }
    return node;
  }

  Result<std::vector<NodePtr>> ParseArgs() {
    std::vector<NodePtr> args;
    if (Eat(")")) return args;
    while (true) {
      auto a = ParseExpr();
      if (!a.ok()) return a.status();
      args.push_back(*a);
      if (Eat(")")) return args;
      if (!Eat(",")) return Error("expected ',' or ')' in arguments");
    }
  }

  Result<NodePtr> ParsePostfix() {
    auto base = ParsePrimary();
    if (!base.ok()) return base;
    NodePtr node = *base;
    while (true) {
      bool optional = false;
      if (Eat("?.")) {
        optional = true;
      } else if (Eat(".")) {
      } else if (Eat("[")) {
        auto index = ParseExpr();
        if (!index.ok()) return index;
        if (!Eat("]")) return Error("expected ']'");
        node = Make(K::kIndex, {}, {node, *index});
        continue;
      } else {
        break;
      }
      std::string name = Ident();
      if (name.empty()) return Error("expected a property name");
      if (Eat("(")) {
        auto args = ParseArgs();
        if (!args.ok()) return args.status();
        std::vector<NodePtr> kids = {node};
        kids.insert(kids.end(), args->begin(), args->end());
        node = Make(K::kCall, name, std::move(kids), optional);
      } else {
        node = Make(K::kMember, name, {node}, optional);
      }
    }
    return node;
  }

  Result<NodePtr> ParsePrimary() {
    Skip();
    if (pos_ >= s_.size()) return Error("unexpected end");
    char c = s_[pos_];
    if (c == '\'' || c == '"' || c == '`') {
      ++pos_;
      std::string out;
      while (pos_ < s_.size() && s_[pos_] != c) {
        if (s_[pos_] == '\\' && pos_ + 1 < s_.size()) {
          char e = s_[++pos_];
          out += e == 'n' ? '\n' : e == 't' ? '\t' : e;
          ++pos_;
          continue;
        }
        out += s_[pos_++];
      }
      if (pos_ >= s_.size()) return Error("unterminated string");
      ++pos_;
      return Make(K::kString, out);
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t start = pos_;
      while (pos_ < s_.size() &&
             (std::isdigit(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '.')) {
        ++pos_;
      }
      auto n = Make(K::kNumber);
      std::const_pointer_cast<Locator::Node>(n)->number =
          std::stod(std::string(s_.substr(start, pos_ - start)));
      return n;
    }
    if (c == '(') {
      ++pos_;
      auto e = ParseExpr();
      if (!e.ok()) return e;
      if (!Eat(")")) return Error("expected ')'");
      return e;
    }
    if (c == '[') {
      ++pos_;
      if (!Eat("...")) return Error("only [...spread] array literals are supported");
      auto e = ParseExpr();
      if (!e.ok()) return e;
      if (!Eat("]")) return Error("expected ']'");
      return Make(K::kSpread, {}, {*e});
    }
    std::string id = Ident();
    if (id == "document") return Make(K::kDocument);
    if (id.empty()) return Error("unexpected character");
    return Make(K::kIdent, id);
  }

  std::string_view s_;
  size_t pos_ = 0;
};

struct Value {
  enum class Kind { kUndefined, kNull, kString, kNumber, kBool, kDocument, kNode, kList };
  Kind kind = Kind::kUndefined;
  std::string str;
  double num = 0;
  bool b = false;
  NodeId node = kNoNode;
  std::vector<Value> list;

  static Value Str(std::string s) {
    Value v;
    v.kind = Kind::kString;
    v.str = std::move(s);
    return v;
  }
  static Value Num(double n) {
    Value v;
    v.kind = Kind::kNumber;
    v.num = n;
    return v;
  }
  static Value Bool(bool b) {
    Value v;
    v.kind = Kind::kBool;
    v.b = b;
    return v;
  }
  static Value Null() {
    Value v;
    v.kind = Kind::kNull;
    return v;
  }
  static Value Of(NodeId n) {
    if (n == kNoNode) return Null();
    Value v;
    v.kind = Kind::kNode;
    v.node = n;
    return v;
  }
  bool nullish() const { return kind == Kind::kUndefined || kind == Kind::kNull; }
};

std::string NumberToString(double n) {
  if (std::isnan(n)) return "NaN";
  if (n == std::floor(n) && std::fabs(n) < 1e15) return std::to_string(static_cast<long long>(n));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.15g", n);
  return buf;
}

class Evaluator {
 public:
  explicit Evaluator(const Page& page) : page_(page), doc_(page.doc()) {}

  Result<Value> Eval(const NodePtr& n) {
    switch (n->kind) {
      case K::kDocument: {
        Value v;
        v.kind = Value::Kind::kDocument;
        return v;
      }
      case K::kString:
        return Value::Str(n->name);
      case K::kNumber:
        return Value::Num(n->number);
      case K::kIdent: {
        auto it = vars_.find(n->name);
        if (it == vars_.end()) return Error("unknown identifier '" + n->name + "'");
        return it->second;
      }
      case K::kOr: {
        auto a = Eval(n->kids[0]);
        if (!a.ok()) return a;
        if (Truthy(*a)) return a;
        return Eval(n->kids[1]);
      }
      case K::kAdd: {
        auto a = Eval(n->kids[0]);
        if (!a.ok()) return a;
        auto b = Eval(n->kids[1]);
        if (!b.ok()) return b;
        if (a->kind == Value::Kind::kNumber && b->kind == Value::Kind::kNumber) {
          return Value::Num(a->num + b->num);
        }
        return Value::Str(ToString(*a) + ToString(*b));
      }
      case K::kSpread: {
        auto a = Eval(n->kids[0]);
        if (!a.ok()) return a;
        if (a->kind != Value::Kind::kList) return Error("spread of a non-iterable value");
        return a;
      }
      case K::kIndex: {
        auto obj = Eval(n->kids[0]);
        if (!obj.ok()) return obj;
        auto idx = Eval(n->kids[1]);
        if (!idx.ok()) return idx;
        if (obj->nullish()) return Error("cannot read an index of null");
        if (obj->kind == Value::Kind::kList && idx->kind == Value::Kind::kNumber) {
          size_t i = static_cast<size_t>(idx->num);
          if (idx->num < 0 || i >= obj->list.size()) return Value();
          return obj->list[i];
        }
        return Error("unsupported index expression");
      }
      case K::kMember:
      case K::kCall: {
        auto obj = Eval(n->kids[0]);
        if (!obj.ok()) return obj;
        if (obj->nullish()) {
          if (n->optional) return Value();
          return Error("cannot read property '" + n->name + "' of null");
        }
        if (n->kind == K::kMember) return Member(*obj, n->name);
        return Call(*obj, n);
      }
      case K::kArrow:
        return Error("arrow function outside map()");
    }
    return Error("bad expression");
  }

 private:
  static Status Error(const std::string& what) {
    return InvalidArgument("locator evaluation failed: " + what);
  }

  static bool Truthy(const Value& v) {
    switch (v.kind) {
      case Value::Kind::kUndefined:
      case Value::Kind::kNull:
        return false;
      case Value::Kind::kString:
        return !v.str.empty();
      case Value::Kind::kNumber:
        return v.num != 0 && !std::isnan(v.num);
      case Value::Kind::kBool:
        return v.b;
      default:
        return true;
    }
  }

  std::string ToString(const Value& v) const {
    switch (v.kind) {
      case Value::Kind::kUndefined:
        return "undefined";
      case Value::Kind::kNull:
        return "null";
      case Value::Kind::kString:
        return v.str;
      case Value::Kind::kNumber:
        return NumberToString(v.num);
      case Value::Kind::kBool:
        return v.b ? "true" : "false";
      case Value::Kind::kDocument:
        return "[object HTMLDocument]";
      case Value::Kind::kNode:
        return doc_.IsText(v.node) ? "[object Text]" : "[object HTMLElement]";
      case Value::Kind::kList: {
        std::string out;
        for (size_t i = 0; i < v.list.size(); ++i) {
          if (i) out += ',';
          if (!v.list[i].nullish()) out += ToString(v.list[i]);
        }
        return out;
      }
    }
    return "";
  }

  NodeId ScopeOf(const Value& v) const { return v.kind == Value::Kind::kDocument ? 0 : v.node; }

  Result<Value> Member(const Value& obj, const std::string& name) {
    if (obj.kind == Value::Kind::kList) {
      if (name == "length") return Value::Num(static_cast<double>(obj.list.size()));
      return Error("unsupported list property '" + name + "'");
    }
    if (obj.kind == Value::Kind::kString) {
      if (name == "length") return Value::Num(static_cast<double>(obj.str.size()));
      return Error("unsupported string property '" + name + "'");
    }
    if (obj.kind == Value::Kind::kDocument) {
      if (name == "body") return Value::Of(doc_.body());
      if (name == "documentElement") return Value::Of(doc_.html());
      if (name == "title") return Value::Str(page_.title());
      return Error("unsupported document property '" + name + "'");
    }
    if (obj.kind != Value::Kind::kNode) return Error("property '" + name + "' of a non-element");
    NodeId n = obj.node;
    const Node& node = doc_.node(n);
    if (name == "textContent") return Value::Str(doc_.TextContent(n));
    if (doc_.IsText(n)) {
      if (name == "nodeValue" || name == "data") return Value::Str(std::string(doc_.Text(n)));
      if (name == "parentElement" || name == "parentNode") return Value::Of(node.parent);
      return Error("unsupported text node property '" + name + "'");
    }
    if (name == "outerText" || name == "innerText") {
      return Value::Str(InnerText(doc_, page_.styles(), n));
    }
    if (name == "value") {
      ControlKind k = page_.Control(n);
      if (k == ControlKind::kNone && doc_.tag(n) != Tag::kOption) return Value();
      if (doc_.tag(n) == Tag::kOption) {
        auto v = doc_.Attr(n, "value");
        return Value::Str(v ? std::string(*v) : CollapseWhitespace(doc_.TextContent(n)));
      }
      return Value::Str(page_.Value(n));
    }
    if (name == "checked") return Value::Bool(page_.Checked(n));
    if (name == "selectedIndex") {
      if (page_.Control(n) != ControlKind::kSelect) return Value();
      return Value::Num(page_.SelectedIndex(n));
    }
    if (name == "id") return Value::Str(std::string(doc_.AttrOr(n, "id")));
    if (name == "className") return Value::Str(std::string(doc_.AttrOr(n, "class")));
    if (name == "tagName") {
      std::string t(doc_.TagNameOf(n));
      for (char& c : t) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      return Value::Str(t);
    }
    if (name == "outerHTML") return Value::Str(doc_.OuterHtml(n));
    if (name == "innerHTML") {
      std::string out;
      for (NodeId c = node.first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
        out += doc_.OuterHtml(c);
      }
      return Value::Str(out);
    }
    if (name == "lastChild") return Value::Of(node.last_child);
    if (name == "firstChild") return Value::Of(node.first_child);
    if (name == "parentElement" || name == "parentNode") {
      return Value::Of(node.parent == 0 ? kNoNode : node.parent);
    }
    if (name == "lastElementChild" || name == "firstElementChild") {
      bool last = name == "lastElementChild";
      for (NodeId c = last ? node.last_child : node.first_child; c != kNoNode;
           c = last ? doc_.node(c).prev_sibling : doc_.node(c).next_sibling) {
        if (doc_.IsElement(c)) return Value::Of(c);
      }
      return Value::Null();
    }
    if (name == "children" || name == "childNodes") {
      Value list;
      list.kind = Value::Kind::kList;
      for (NodeId c = node.first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
        if (name == "childNodes" || doc_.IsElement(c)) list.list.push_back(Value::Of(c));
      }
      return list;
    }
    return Error("unsupported element property '" + name + "'");
  }

  Result<Value> Call(const Value& obj, const NodePtr& n) {
    const std::string& m = n->name;
    std::vector<Value> args;
    NodePtr arrow;
    for (size_t i = 1; i < n->kids.size(); ++i) {
      if (n->kids[i]->kind == K::kArrow) {
        arrow = n->kids[i];
        continue;
      }
      auto a = Eval(n->kids[i]);
      if (!a.ok()) return a;
      args.push_back(std::move(*a));
    }
    auto string_arg = [&](size_t i) -> Result<std::string> {
      if (i >= args.size() || args[i].kind != Value::Kind::kString) {
        return Error(m + "() needs a string argument");
      }
      return args[i].str;
    };
    if (m == "toString") return Value::Str(ToString(obj));
    if (obj.kind == Value::Kind::kString) {
      if (m == "trim") {
        std::string s = obj.str;
        size_t b = s.find_first_not_of(" \t\n\r\f"), e = s.find_last_not_of(" \t\n\r\f");
        return Value::Str(b == std::string::npos ? std::string() : s.substr(b, e - b + 1));
      }
      if (m == "toLowerCase") {
        std::string s = obj.str;
        for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return Value::Str(s);
      }
      return Error("unsupported string method '" + m + "'");
    }
    if (obj.kind == Value::Kind::kList) {
      if (m == "join") {
        std::string sep = args.empty() ? "," : ToString(args[0]);
        std::string out;
        for (size_t i = 0; i < obj.list.size(); ++i) {
          if (i) out += sep;
          if (!obj.list[i].nullish()) out += ToString(obj.list[i]);
        }
        return Value::Str(out);
      }
      if (m == "map") {
        if (!arrow) return Error("map() needs an arrow function");
        Value out;
        out.kind = Value::Kind::kList;
        for (const Value& item : obj.list) {
          vars_[arrow->name] = item;
          auto r = Eval(arrow->kids[0]);
          if (!r.ok()) return r;
          out.list.push_back(std::move(*r));
        }
        vars_.erase(arrow->name);
        return out;
      }
      return Error("unsupported list method '" + m + "'");
    }
    if (obj.kind == Value::Kind::kDocument || obj.kind == Value::Kind::kNode) {
      if (m == "querySelector" || m == "querySelectorAll") {
        auto sel_text = string_arg(0);
        if (!sel_text.ok()) return sel_text.status();
        // A syntax error here is a DOMException upstream, i.e. the locator yields "".
        auto sel = Selector::Parse(*sel_text);
        if (!sel.ok()) return Error(sel.status().message());
        NodeId scope = ScopeOf(obj);
        if (m == "querySelector") return Value::Of(sel->QueryFirst(doc_, scope));
        Value list;
        list.kind = Value::Kind::kList;
        for (NodeId id : sel->QueryAll(doc_, scope)) list.list.push_back(Value::Of(id));
        return list;
      }
      if (m == "getElementById" && obj.kind == Value::Kind::kDocument) {
        auto id = string_arg(0);
        if (!id.ok()) return id.status();
        return Value::Of(doc_.GetElementById(*id));
      }
      if (m == "getAttribute" && obj.kind == Value::Kind::kNode && doc_.IsElement(obj.node)) {
        auto name = string_arg(0);
        if (!name.ok()) return name.status();
        std::string lower = *name;
        for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        auto v = doc_.Attr(obj.node, lower);
        return v ? Value::Str(std::string(*v)) : Value::Null();
      }
      if (m == "hasAttribute" && obj.kind == Value::Kind::kNode) {
        auto name = string_arg(0);
        if (!name.ok()) return name.status();
        return Value::Bool(doc_.HasAttr(obj.node, *name));
      }
    }
    return Error("unsupported method '" + m + "'");
  }

  const Page& page_;
  const Document& doc_;
  std::map<std::string, Value> vars_;
};

}  // namespace

Result<Locator> Locator::Parse(std::string_view expression) {
  std::string_view e = expression;
  while (!e.empty() && std::isspace(static_cast<unsigned char>(e.front()))) e.remove_prefix(1);
  if (e.substr(0, 5) == "func:") {
    return InvalidArgument("locator '" + std::string(e.substr(0, 100)) +
                           "' is a func: helper, not an expression");
  }
  if (e.substr(0, 7) == "lambda:") e.remove_prefix(7);
  Parser p(e);
  auto root = p.ParseAll();
  if (!root.ok()) return root.status();
  Locator loc;
  loc.root_ = *root;
  return loc;
}

Result<std::optional<std::string>> Locator::Evaluate(const Page& page) const {
  Evaluator ev(page);
  auto v = ev.Eval(root_);
  if (!v.ok()) return v.status();
  switch (v->kind) {
    case Value::Kind::kUndefined:
    case Value::Kind::kNull:
      return std::optional<std::string>();
    case Value::Kind::kString:
      return std::optional<std::string>(v->str);
    case Value::Kind::kNumber:
      return std::optional<std::string>(NumberToString(v->num));
    case Value::Kind::kBool:
      return std::optional<std::string>(v->b ? "true" : "false");
    default:
      return InvalidArgument(
          "locator returned an element or list, which upstream serialises "
          "to an object; use a property such as outerText");
  }
}

}  // namespace wa
