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

// The rules of Page::IsClickable, Page::ComputeClickable and Page::UpdateLabels, on the live DOM.
const std::string& BrowserElementsScript() {
  static const std::string kScript = R"js(
const W = window.innerWidth, H = window.innerHeight;
const ROLES = new Set(['button', 'tab', 'link', 'checkbox', 'menuitem', 'menuitemcheckbox',
                       'menuitemradio', 'radio']);
const ALWAYS = new Set(['textarea', 'select', 'button', 'a', 'iframe', 'video', 'object',
                        'embed', 'details']);
function clickable(el) {
  const t = el.tagName.toLowerCase();
  if (t === 'input') return (el.getAttribute('type') || '').toLowerCase() !== 'hidden';
  if (ALWAYS.has(t)) return true;
  if (t === 'label') { const c = el.control; return !!c && !c.disabled; }
  if (t === 'img' && el.hasAttribute('usemap')) return true;
  if (getComputedStyle(el).cursor === 'pointer' || el.hasAttribute('onclick')) return true;
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
function ariaHidden(el) {
  for (let a = el; a && a !== document.documentElement; a = a.parentElement) {
    if (a.getAttribute('aria-hidden') === 'true') return true;
  }
  return false;
}
function inViewport(r) {
  const x0 = Math.max(r.left, 0), y0 = Math.max(r.top, 0);
  const x1 = Math.min(r.right, W), y1 = Math.min(r.bottom, H);
  return x1 > x0 && y1 > y0 && (x1 - x0) * (y1 - y0) >= 1;
}
const cand = [];
for (const el of document.querySelectorAll('body, body *')) {
  if (el.getClientRects().length === 0 || !clickable(el) || ariaHidden(el)) continue;
  const r = el.getBoundingClientRect();
  if (inViewport(r)) cand.push([el, r]);
}
const out = [];
for (let i = 0; i < cand.length; ++i) {
  if (i + 1 < cand.length && cand[i][0].contains(cand[i + 1][0])) continue;  // keep innermost
  const [el, r] = cand[i];
  out.push({tag: el.tagName.toLowerCase(), text: el.innerText || '', x: r.left, y: r.top,
            w: r.width, h: r.height});
}
return out;
)js";
  return kScript;
}

Result<std::vector<PageElement>> BrowserElements(WebDriver& driver) {
  auto v = driver.Execute(BrowserElementsScript());
  if (!v.ok()) return v.status();
  if (!v->is_array()) return Internal("the element script returned no list");
  std::vector<PageElement> out;
  for (const auto& j : *v) {
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
  while (i < n && j < m) {
    if (same(i, j)) {
      iou += Iou(sim[i], browser[j]);
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
