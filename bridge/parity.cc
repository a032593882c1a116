#include "bridge/parity.h"

#include <algorithm>

#include "sim/text.h"

namespace wa {

namespace {

std::string Clip(std::string s) {
  s = CollapseWhitespace(s);
  if (s.size() > 80) {
    size_t cut = 80;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // UTF-8
    s.resize(cut);
  }
  return s;
}

double Iou(const PageElement& a, const PageElement& b) {
  const double x0 = std::max(a.x, b.x), y0 = std::max(a.y, b.y);
  const double x1 = std::min(a.x + a.w, b.x + b.w), y1 = std::min(a.y + a.h, b.y + b.h);
  const double inter = std::max(0.0, x1 - x0) * std::max(0.0, y1 - y0);
  const double uni = static_cast<double>(a.w) * a.h + static_cast<double>(b.w) * b.h - inter;
  return uni <= 0 ? 0 : inter / uni;
}

std::string Describe(const PageElement& e) { return e.tag + " '" + e.text + "'"; }

// Controls compare by tag alone: a select's innerText is its options' text in a browser, and
// empty in the simulator's innerText (the observation shows options separately).
bool FormControl(const std::string& tag) {
  return tag == "select" || tag == "input" || tag == "textarea";
}

}  // namespace

std::vector<PageElement> SimElements(const Page& page) {
  std::vector<PageElement> out;
  const Document& d = page.doc();
  for (NodeId id : page.labels()) {
    PageElement e;
    e.tag = std::string(d.TagNameOf(id));
    e.text = FormControl(e.tag) ? "" : Clip(InnerText(d, page.styles(), id));
    const Box b = page.ViewportBox(id);
    e.x = b.x;
    e.y = b.y;
    e.w = b.w;
    e.h = b.h;
    out.push_back(std::move(e));
  }
  return out;
}

// The rules of Page::Control, Page::IsClickable, Page::UpdateLabels (labels) and WebRLRenderer
// (sim/observation.cc), on the live DOM with Chromium's layout.
const std::string& BrowserObservationScript() {
  static const std::string kScript = R"js(
const MAX_TEXT = arguments[0], WITH_BOX = arguments[1];
const W = window.innerWidth, H = window.innerHeight;
const ROLES = new Set(['button', 'tab', 'link', 'checkbox', 'menuitem', 'menuitemcheckbox',
                       'menuitemradio', 'radio']);
const ALWAYS = new Set(['textarea', 'select', 'button', 'a', 'iframe', 'video', 'object',
                        'embed', 'details']);
const styleCache = new Map();
function style(el) {
  let s = styleCache.get(el);
  if (!s) { s = getComputedStyle(el); styleCache.set(el, s); }
  return s;
}
function tagOf(el) { return el.localName; }
function control(el) {
  const t = tagOf(el);
  if (t === 'textarea') return 'text';
  if (t === 'select') return 'select';
  if (t === 'button') {
    return (el.getAttribute('type') || 'submit').toLowerCase() === 'submit' ? 'submit' : 'button';
  }
  if (t === 'input') {
    const type = (el.getAttribute('type') || 'text').toLowerCase();
    if (type === 'checkbox' || type === 'radio' || type === 'hidden') return type;
    if (type === 'submit' || type === 'image') return 'submit';
    if (type === 'button' || type === 'reset' || type === 'file' || type === 'color' ||
        type === 'range') return 'button';
    return 'text';
  }
  const ce = el.getAttribute('contenteditable');
  if (ce !== null && (ce === '' || ce === 'true')) return 'text';
  return '';
}
function clickable(el) {
  const t = tagOf(el);
  if (t === 'input') return control(el) !== 'hidden';
  if (ALWAYS.has(t)) return true;
  if (t === 'label') { const c = el.control; return !!c && !c.disabled; }
  if (t === 'img' && el.hasAttribute('usemap')) return true;
  if (style(el).cursor === 'pointer' || el.hasAttribute('onclick')) return true;
  const role = el.getAttribute('role');
  if (role && ROLES.has(role)) return true;
  const ce = el.getAttribute('contenteditable');
  if (ce !== null && ce.toLowerCase() !== 'false') return true;
  const cls = el.getAttribute('class');
  if (cls && cls.indexOf('button') >= 0) return true;
  const tab = el.getAttribute('tabindex');
  if (tab && /^[0-9]/.test(tab)) return true;
  return false;
}
function ariaHiddenUp(el) {
  for (let a = el; a; a = a.parentElement) {
    if (a.getAttribute('aria-hidden') === 'true') return true;
  }
  return false;
}
function hasBox(el) { return el.getClientRects().length > 0; }
function inViewport(el) {
  if (!hasBox(el) || style(el).visibility !== 'visible') return false;
  const r = el.getBoundingClientRect();
  const x0 = Math.max(r.left, 0), y0 = Math.max(r.top, 0);
  const x1 = Math.min(r.right, W), y1 = Math.min(r.bottom, H);
  return x1 > x0 && y1 > y0 && (x1 - x0) * (y1 - y0) >= 1;
}
// Labels: visible clickable elements that contain no later one, in document order.
const cand = [];
for (const el of document.querySelectorAll('*')) {
  if (hasBox(el) && clickable(el) && !ariaHiddenUp(el) && inViewport(el)) cand.push(el);
}
const labels = [];
const labelOf = new Map();
for (let i = 0; i < cand.length; ++i) {
  if (i + 1 < cand.length && cand[i].contains(cand[i + 1])) continue;
  labelOf.set(cand[i], labels.length);
  labels.push(cand[i]);
}
window.__waEls = labels;

const SPACE = /[ \t\n\r\f]+/g;
function collapse(s) { return s.replace(SPACE, ' ').trim(); }
function cut(s) {
  const cps = Array.from(s);
  return cps.length > MAX_TEXT ? cps.slice(0, MAX_TEXT).join('') : s;
}
function lround(v) { return v < 0 ? -Math.round(-v) : Math.round(v); }
function attr(key, value) {
  return ' ' + key + '="' + String(value).replace(/"/g, '&quot;').replace(/[\n\r\t]/g, ' ') + '"';
}
function bbox(el) {
  const r = el.getBoundingClientRect();
  return attr('data-bbox', lround(r.left) + ',' + lround(r.top) + ',' + lround(r.width) + ',' +
              lround(r.height));
}
function textVisible(el) { return style(el).visibility === 'visible'; }
function hasDirectText(el) {
  const t = tagOf(el);
  if (t === 'select' || t === 'textarea' || !textVisible(el)) return false;
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3 && /[^ \t\n\r\f]/.test(c.data)) return true;
  }
  return false;
}
function directText(el) {
  let raw = '';
  if (!textVisible(el)) return '';
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3) raw += c.data + ' ';
  }
  return collapse(raw);
}
const KEPT_ATTRS = ['title', 'placeholder', 'data-value', 'data-testid', 'data-label'];
function hasKeptAttr(el) {
  for (const a of KEPT_ATTRS) if (el.hasAttribute(a)) return true;
  return control(el) !== '';
}
function excluded(el, parent) {
  const t = tagOf(el), pt = parent ? tagOf(parent) : '';
  return style(el).display === 'none' || !hasBox(el) || el.getAttribute('aria-hidden') === 'true' ||
         t === 'head' || t === 'script' || t === 'style' || pt === 'svg' || pt === 'select' ||
         pt === 'textarea' || (t === 'input' && el.getAttribute('type') === 'hidden');
}
function openTag(el, text) {
  const k = control(el);
  let out = '<' + tagOf(el);
  if (labelOf.has(el)) out += attr('id', labelOf.get(el));
  if (el.hasAttribute('title')) out += attr('title', el.getAttribute('title'));
  if (k === 'text') {
    let v = el.value !== undefined ? String(el.value) : (el.getAttribute('value') || '');
    if (v !== '') out += attr('value', cut(v));
  } else if (k !== 'select' && el.hasAttribute('value')) {
    out += attr('value', el.getAttribute('value'));
  }
  if (el.hasAttribute('type')) out += attr('type', el.getAttribute('type'));
  if (el.hasAttribute('placeholder')) out += attr('placeholder', el.getAttribute('placeholder'));
  if (k === 'select') {
    if (el.selectedIndex >= 0) out += attr('data-value', collapse(el.options[el.selectedIndex].textContent));
  } else if (el.hasAttribute('data-value')) {
    out += attr('data-value', el.getAttribute('data-value'));
  }
  if (text !== '') out += attr('data-text', text);
  if (el.hasAttribute('data-testid')) out += attr('data-testid', el.getAttribute('data-testid'));
  if (el.hasAttribute('data-label')) out += attr('data-label', el.getAttribute('data-label'));
  if (WITH_BOX) out += bbox(el);
  if (k === 'checkbox' || k === 'radio') out += attr('data-status', el.checked ? 'checked' : 'not-checked');
  return out + '>';
}
function selectOptions(el) {
  let out = '';
  for (let i = 0; i < el.options.length; ++i) {
    const o = el.options[i];
    const text = cut(collapse(o.textContent));
    out += ' <option';
    if (o.hasAttribute('value')) out += attr('value', o.getAttribute('value'));
    if (i === el.selectedIndex) out += attr('selected', '');
    out += '>';
    if (text !== '') out += ' ' + text;
    out += ' </option>';
  }
  return out;
}
// " <tag ...> text children </tag>" for a kept element, only its children's output otherwise.
function render(el) {
  let inner = '';
  if (tagOf(el) !== 'select') {
    for (const c of el.children) if (!excluded(c, el)) inner += render(c);
  }
  const direct = hasDirectText(el);
  const kept = inViewport(el) && (labelOf.has(el) || direct || hasKeptAttr(el) || inner !== '');
  if (!kept) return inner;
  const text = direct ? cut(directText(el)) : '';
  let out = ' ' + openTag(el, text);
  if (text !== '') out += ' ' + text;
  out += tagOf(el) === 'select' ? selectOptions(el) : inner;
  return out + ' </' + tagOf(el) + '>';
}
const html = document.documentElement;
let text = '<html' + (WITH_BOX ? bbox(html) : '') + '>';
for (const c of html.children) if (!excluded(c, html)) text += render(c);
text += ' </html>';
const elements = labels.map((el) => {
  const r = el.getBoundingClientRect();
  return {tag: tagOf(el), text: el.innerText || '', x: r.left, y: r.top, w: r.width, h: r.height};
});
return {text: text, elements: elements, url: location.href, title: document.title};
)js";
  return kScript;
}

Result<LiveObservation> ObserveBrowser(WebDriver& driver, const ObservationOptions& options) {
  if (options.type != ObservationType::kWebRL) {
    return InvalidArgument(std::string("the browser builds the webrl observation only, not ") +
                           ObservationTypeName(options.type));
  }
  auto v = driver.Execute(BrowserObservationScript(),
                          nlohmann::json::array({options.max_text_chars, options.include_bbox}));
  if (!v.ok()) return v.status();
  if (!v->is_object())
    return Internal("the observation script returned " + v->dump().substr(0, 80));
  LiveObservation o;
  o.text = v->value("text", std::string());
  o.url = v->value("url", std::string());
  o.title = v->value("title", std::string());
  o.elements = ParseBrowserElements(v->value("elements", nlohmann::json::array()));
  return o;
}

std::string StripBoxes(std::string_view observation) {
  std::string out;
  out.reserve(observation.size());
  static constexpr std::string_view kAttr = " data-bbox=\"";
  size_t i = 0;
  while (i < observation.size()) {
    size_t p = observation.find(kAttr, i);
    if (p == std::string_view::npos) {
      out.append(observation.substr(i));
      break;
    }
    out.append(observation.substr(i, p - i));
    size_t end = observation.find('"', p + kAttr.size());
    i = end == std::string_view::npos ? observation.size() : end + 1;
  }
  return out;
}

std::vector<PageElement> ParseBrowserElements(const nlohmann::json& list) {
  std::vector<PageElement> out;
  if (!list.is_array()) return out;
  for (const auto& j : list) {
    PageElement e;
    e.tag = j.value("tag", std::string());
    e.text = FormControl(e.tag) ? "" : Clip(j.value("text", std::string()));
    e.x = j.value("x", 0.f);
    e.y = j.value("y", 0.f);
    e.w = j.value("w", 0.f);
    e.h = j.value("h", 0.f);
    out.push_back(std::move(e));
  }
  return out;
}

Result<std::vector<PageElement>> BrowserElements(WebDriver& driver) {
  auto o = ObserveBrowser(driver, ObservationOptions());
  if (!o.ok()) return o.status();
  return std::move(o->elements);
}

PageParity ComparePages(const std::vector<PageElement>& sim,
                        const std::vector<PageElement>& browser) {
  PageParity p;
  p.sim = sim.size();
  p.browser = browser.size();
  const size_t n = sim.size(), m = browser.size();
  auto same = [&](size_t i, size_t j) {
    return sim[i].tag == browser[j].tag && sim[i].text == browser[j].text;
  };
  // Longest common subsequence, then walk it back to pair the elements.
  std::vector<std::vector<uint32_t>> l(n + 1, std::vector<uint32_t>(m + 1, 0));
  for (size_t i = n; i-- > 0;) {
    for (size_t j = m; j-- > 0;) {
      l[i][j] = same(i, j) ? l[i + 1][j + 1] + 1 : std::max(l[i + 1][j], l[i][j + 1]);
    }
  }
  size_t i = 0, j = 0;
  double iou = 0;
  p.sim_to_browser.assign(n, -1);
  while (i < n && j < m) {
    if (same(i, j)) {
      iou += Iou(sim[i], browser[j]);
      p.sim_to_browser[i] = static_cast<int>(j);
      ++p.matched;
      ++i;
      ++j;
    } else if (l[i + 1][j] >= l[i][j + 1]) {
      p.only_sim.push_back(Describe(sim[i++]));
    } else {
      p.only_browser.push_back(Describe(browser[j++]));
    }
  }
  for (; i < n; ++i) p.only_sim.push_back(Describe(sim[i]));
  for (; j < m; ++j) p.only_browser.push_back(Describe(browser[j]));
  p.mean_iou = p.matched == 0 ? 0 : iou / static_cast<double>(p.matched);
  return p;
}

}  // namespace wa
