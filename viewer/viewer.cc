#include "viewer/viewer.h"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <stb_image_write.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>

#include "sim/file_util.h"
#include "viewer/run_store.h"

namespace wa {
namespace {

namespace fs = std::filesystem;

constexpr float kViewportW = 1280, kViewportH = 720;
constexpr float kListWidth = 420;

ImU32 Rgb(int r, int g, int b, int a = 255) { return IM_COL32(r, g, b, a); }

ImU32 TagColour(const std::string& tag) {
  if (tag == "a") return Rgb(40, 90, 200);
  if (tag == "button") return Rgb(30, 140, 60);
  if (tag == "input" || tag == "textarea" || tag == "select") return Rgb(150, 60, 170);
  return Rgb(110, 110, 110);
}

// A series of a line chart.
struct Series {
  std::string name;
  std::vector<float> x, y;
  ImU32 colour;
};

// A line chart drawn with the window's draw list: axes, min/max labels, a legend.
void LineChart(const char* title, const std::vector<Series>& series, ImVec2 size) {
  ImGui::TextUnformatted(title);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImVec2 p1(p0.x + size.x, p0.y + size.y);
  ImGui::InvisibleButton(title, size);
  dl->AddRectFilled(p0, p1, Rgb(250, 250, 250));
  dl->AddRect(p0, p1, Rgb(180, 180, 180));
  float x_min = 1e30f, x_max = -1e30f, y_min = 1e30f, y_max = -1e30f;
  for (const Series& s : series) {
    for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
      if (!std::isfinite(s.y[i])) continue;
      x_min = std::min(x_min, s.x[i]);
      x_max = std::max(x_max, s.x[i]);
      y_min = std::min(y_min, s.y[i]);
      y_max = std::max(y_max, s.y[i]);
    }
  }
  if (x_min > x_max) {
    dl->AddText(ImVec2(p0.x + 8, p0.y + 8), Rgb(120, 120, 120), "no data yet");
    return;
  }
  if (x_max == x_min) x_max = x_min + 1;
  if (y_max == y_min) y_max = y_min + 1;
  const float pad = 6;
  auto map = [&](float x, float y) {
    return ImVec2(p0.x + pad + (x - x_min) / (x_max - x_min) * (size.x - 2 * pad),
                  p1.y - pad - (y - y_min) / (y_max - y_min) * (size.y - 2 * pad));
  };
  float legend_x = p0.x + 8;
  for (const Series& s : series) {
    std::vector<ImVec2> pts;
    for (size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
      if (std::isfinite(s.y[i])) pts.push_back(map(s.x[i], s.y[i]));
    }
    if (pts.size() == 1) dl->AddCircleFilled(pts[0], 2.5f, s.colour);
    if (pts.size() > 1)
      dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), s.colour, 0, 1.5f);
    if (series.size() > 1) {
      dl->AddRectFilled(ImVec2(legend_x, p0.y + 6), ImVec2(legend_x + 10, p0.y + 16), s.colour);
      dl->AddText(ImVec2(legend_x + 13, p0.y + 4), Rgb(60, 60, 60), s.name.c_str());
      legend_x += 20 + ImGui::CalcTextSize(s.name.c_str()).x;
    }
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.4g", y_max);
  dl->AddText(ImVec2(p1.x - ImGui::CalcTextSize(buf).x - 4, p0.y + 2), Rgb(90, 90, 90), buf);
  std::snprintf(buf, sizeof buf, "%.4g", y_min);
  dl->AddText(ImVec2(p1.x - ImGui::CalcTextSize(buf).x - 4, p1.y - 16), Rgb(90, 90, 90), buf);
  std::snprintf(buf, sizeof buf, "x %.4g .. %.4g", x_min, x_max);
  dl->AddText(ImVec2(p0.x + 4, p1.y - 16), Rgb(90, 90, 90), buf);
}

class App {
 public:
  explicit App(const ViewerOptions& options) : options_(options) {
    auto store = RunStore::Open(options.run);
    if (!store.ok()) {
      error_ = store.status().message();
      return;
    }
    store_ = std::move(*store);
    Refresh();
    if (!all_.empty()) {
      int64_t first = options.episode >= 0 ? options.episode : all_.front().id;
      Select(first, options.step);
    }
    if (options.tab == "observation") tab_ = 1;
    if (options.tab == "prompt") tab_ = 2;
    if (options.tab == "verdict") tab_ = 3;
    if (options.tab == "changes") tab_ = 4;
    if (options.tab == "group") tab_ = 5;
    if (options.tab == "dashboard") tab_ = 6;
  }

  // Reads new episodes and metrics (live mode; cheap when nothing changed).
  void Refresh() {
    if (!store_) return;
    auto more = store_->Episodes(all_.empty() ? 0 : all_.back().id);
    if (!more.ok()) {
      error_ = more.status().message();
      return;
    }
    if (!more->empty() || all_.empty()) {
      all_.insert(all_.end(), more->begin(), more->end());
      ApplyFilter();
    }
    metrics_ = store_->Metrics();
    sweeps_ = ReadSweeps();
  }

  // Benchmarking: scroll the episode list by this many rows every frame.
  void set_auto_scroll(int rows) { auto_scroll_rows_ = rows; }
  size_t episode_count() const { return all_.size(); }

  void Draw(int width, int height, Frame* info) {
    info->has_highlight = false;
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(static_cast<float>(width), static_cast<float>(height)));
    ImGui::Begin("webagent viewer", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoBackground);  // glClear paints it: the software
                                                      // renderer is fill-rate bound
    if (!store_) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.75f, 0.1f, 0.1f, 1));
      ImGui::TextWrapped("Cannot open the run: %s", error_.c_str());
      ImGui::PopStyleColor();
      ImGui::TextWrapped(
          "Pass a run directory written by `webagent train --stage grpo` (it holds "
          "episodes.sqlite) or the store file itself.");
      ImGui::End();
      return;
    }
    HandleKeys();
    ImGui::BeginChild("list", ImVec2(kListWidth, 0), true);
    DrawList();
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("main", ImVec2(0, 0), false);
    DrawEpisode(info);
    ImGui::EndChild();
    ImGui::End();
  }

 private:
  std::map<std::string, std::map<int, float>> ReadSweeps() const {
    std::map<std::string, std::map<int, float>> out;
    for (const fs::path& dir :
         {fs::path(store_->run_dir()), fs::path(store_->run_dir()).parent_path()}) {
      std::ifstream in(dir / "report.json");
      if (!in) continue;
      nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
      if (!j.is_object() || !j.contains("sweeps") || !j["sweeps"].is_object()) continue;
      for (const auto& [label, caps] : j["sweeps"].items()) {
        if (!caps.is_object()) continue;
        for (const auto& [cap, rate] : caps.items()) {
          if (rate.is_number()) out[label][std::atoi(cap.c_str())] = rate.get<float>();
        }
      }
      break;
    }
    return out;
  }

  void ApplyFilter() {
    filter_.intent_contains = intent_buf_;
    filter_.split = split_buf_;
    filter_.site = site_buf_;
    filter_.stage = stage_buf_;
    shown_.clear();
    for (size_t i = 0; i < all_.size(); ++i) {
      if (filter_.Matches(all_[i])) shown_.push_back(i);
    }
  }

  void Select(int64_t id, int step = 0) {
    auto ep = store_->Load(id);
    if (!ep.ok()) {
      error_ = ep.status().message();
      return;
    }
    current_ = std::move(*ep);
    has_current_ = true;
    step_ = std::clamp(step, 0, std::max(0, static_cast<int>(current_.steps.size()) - 1));
    scroll_to_viewport_ = true;
    auto g = store_->Group(current_.summary);
    group_ = g.ok() ? *g : std::vector<EpisodeSummary>{};
  }

  void SetStep(int s) {
    if (!has_current_ || current_.steps.empty()) return;
    int clamped = std::clamp(s, 0, static_cast<int>(current_.steps.size()) - 1);
    if (clamped != step_) scroll_to_viewport_ = true;
    step_ = clamped;
  }

  void HandleKeys() {
    if (ImGui::GetIO().WantTextInput) return;
    if (ImGui::IsKeyPressed(ImGuiKey_RightArrow)) SetStep(step_ + 1);
    if (ImGui::IsKeyPressed(ImGuiKey_LeftArrow)) SetStep(step_ - 1);
    if (ImGui::IsKeyPressed(ImGuiKey_Home)) SetStep(0);
    if (ImGui::IsKeyPressed(ImGuiKey_End)) SetStep(1 << 30);
  }

  void DrawList() {
    ImGui::Text("%s", store_->store_path().c_str());
    bool changed = false;
    ImGui::SetNextItemWidth(-1);
    changed |=
        ImGui::InputTextWithHint("##intent", "search intents", intent_buf_, sizeof intent_buf_);
    ImGui::SetNextItemWidth(120);
    changed |= ImGui::InputTextWithHint("##split", "split", split_buf_, sizeof split_buf_);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(120);
    changed |= ImGui::InputTextWithHint("##site", "site", site_buf_, sizeof site_buf_);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    changed |= ImGui::InputTextWithHint("##stage", "stage", stage_buf_, sizeof stage_buf_);
    ImGui::SetNextItemWidth(120);
    changed |= ImGui::InputInt("template", &filter_.template_id);
    ImGui::SetNextItemWidth(120);
    int64_t version = filter_.policy_version;
    int v32 = static_cast<int>(version);
    if (ImGui::InputInt("version", &v32)) {
      filter_.policy_version = v32;
      changed = true;
    }
    const char* outcomes[] = {"any outcome", "failed", "succeeded"};
    int outcome = filter_.success + 1;
    ImGui::SetNextItemWidth(140);
    if (ImGui::Combo("##outcome", &outcome, outcomes, 3)) {
      filter_.success = outcome - 1;
      changed = true;
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(80);
    changed |= ImGui::InputInt("min turns", &filter_.min_turns, 0);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(60);
    changed |= ImGui::InputInt("max", &filter_.max_turns, 0);
    if (changed) ApplyFilter();
    ImGui::Text("%zu of %zu episodes", shown_.size(), all_.size());
    if (ImGui::BeginTable("episodes", 6,
                          ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                              ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable)) {
      ImGui::TableSetupScrollFreeze(0, 1);
      ImGui::TableSetupColumn("id", ImGuiTableColumnFlags_WidthFixed, 44);
      ImGui::TableSetupColumn("task", ImGuiTableColumnFlags_WidthFixed, 44);
      ImGui::TableSetupColumn("v", ImGuiTableColumnFlags_WidthFixed, 24);
      ImGui::TableSetupColumn("r", ImGuiTableColumnFlags_WidthFixed, 24);
      ImGui::TableSetupColumn("t", ImGuiTableColumnFlags_WidthFixed, 24);
      ImGui::TableSetupColumn("intent", ImGuiTableColumnFlags_WidthStretch);
      ImGui::TableHeadersRow();
      if (auto_scroll_rows_ > 0) {
        float y = ImGui::GetScrollY() +
                  static_cast<float>(auto_scroll_rows_) * ImGui::GetTextLineHeightWithSpacing();
        ImGui::SetScrollY(y >= ImGui::GetScrollMaxY() ? 0 : y);
      }
      ImGuiListClipper clipper;  // only the visible rows are submitted
      clipper.Begin(static_cast<int>(shown_.size()));
      while (clipper.Step()) {
        for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
          const EpisodeSummary& e = all_[shown_[static_cast<size_t>(row)]];
          ImGui::TableNextRow();
          ImGui::TableNextColumn();
          char label[32];
          std::snprintf(label, sizeof label, "%lld", static_cast<long long>(e.id));
          bool selected = has_current_ && current_.summary.id == e.id;
          if (ImGui::Selectable(label, selected, ImGuiSelectableFlags_SpanAllColumns)) Select(e.id);
          ImGui::TableNextColumn();
          ImGui::Text("%d", e.task_id);
          ImGui::TableNextColumn();
          ImGui::Text("%lld", static_cast<long long>(e.policy_version));
          ImGui::TableNextColumn();
          ImGui::TextColored(
              e.success() ? ImVec4(0.1f, 0.6f, 0.2f, 1) : ImVec4(0.6f, 0.6f, 0.6f, 1), "%.0f",
              e.reward);
          ImGui::TableNextColumn();
          ImGui::Text("%d", e.turns);
          ImGui::TableNextColumn();
          ImGui::TextUnformatted(e.intent.c_str());
        }
      }
      ImGui::EndTable();
    }
  }

  void DrawEpisode(Frame* info) {
    if (!error_.empty()) ImGui::TextColored(ImVec4(0.75f, 0.1f, 0.1f, 1), "%s", error_.c_str());
    if (!has_current_) {
      ImGui::TextUnformatted(all_.empty() ? "The store has no episodes yet."
                                          : "Select an episode.");
      DrawDashboard();
      return;
    }
    const EpisodeSummary& e = current_.summary;
    ImGui::TextWrapped(
        "Episode %lld  task %d  template %d  %s/%s  %s  version %lld  group %d member %d  "
        "reward %.0f",
        static_cast<long long>(e.id), e.task_id, e.template_id, e.stage.c_str(), e.split.c_str(),
        e.sites.c_str(), static_cast<long long>(e.policy_version), e.group, e.member, e.reward);
    ImGui::TextWrapped("Intent: %s", e.intent.c_str());
    const int n = static_cast<int>(current_.steps.size());
    if (n == 0) {
      ImGui::TextUnformatted("This episode has no steps.");
      return;
    }
    if (ImGui::ArrowButton("prev", ImGuiDir_Left)) SetStep(step_ - 1);
    ImGui::SameLine();
    if (ImGui::ArrowButton("next", ImGuiDir_Right)) SetStep(step_ + 1);
    ImGui::SameLine();
    int shown = step_ + 1;
    ImGui::SetNextItemWidth(-1);
    const std::string slider_format = "step %d of " + std::to_string(n);
    if (ImGui::SliderInt("##step", &shown, 1, n, slider_format.c_str())) {
      SetStep(shown - 1);
    }
    const StepView& s = current_.steps[static_cast<size_t>(step_)];
    ImGui::TextWrapped("%s", s.url.c_str());
    float details_h = std::max(220.0f, ImGui::GetContentRegionAvail().y * 0.42f);
    ImGui::BeginChild("page", ImVec2(0, ImGui::GetContentRegionAvail().y - details_h), true,
                      ImGuiWindowFlags_HorizontalScrollbar);
    DrawPage(s, info);
    ImGui::EndChild();
    ImGui::BeginChild("details", ImVec2(0, 0), true);
    DrawDetails(s);
    ImGui::EndChild();
  }

  // The page at its recorded layout: the viewport rectangle, every labelled element's box with
  // its id and text, the acted element highlighted, a tooltip on hover.
  void DrawPage(const StepView& s, Frame* info) {
    float y_min = 0, y_max = kViewportH;
    for (const ElementBox& b : s.boxes) {
      y_min = std::min(y_min, b.y);
      y_max = std::max(y_max, b.y + b.h);
    }
    y_min = std::max(y_min, -3 * kViewportH);
    y_max = std::min(y_max, 4 * kViewportH);
    const float scale = std::max(0.2f, (ImGui::GetContentRegionAvail().x - 4) / kViewportW);
    ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 canvas_size(kViewportW * scale, (y_max - y_min) * scale);
    ImGui::InvisibleButton("canvas", canvas_size);
    const bool hovered = ImGui::IsItemHovered();
    if (scroll_to_viewport_) {
      ImGui::SetScrollY((0 - y_min) * scale);
      scroll_to_viewport_ = false;
    }
    ImDrawList* dl = ImGui::GetWindowDrawList();
    auto at = [&](float x, float y) {
      return ImVec2(origin.x + x * scale, origin.y + (y - y_min) * scale);
    };
    dl->AddRectFilled(at(0, y_min), at(kViewportW, y_max), Rgb(236, 236, 236));
    dl->AddRectFilled(at(0, 0), at(kViewportW, kViewportH), Rgb(255, 255, 255));
    dl->AddRect(at(0, 0), at(kViewportW, kViewportH), Rgb(60, 60, 60), 0, 0, 2);
    const float font_size = std::max(9.0f, 13.0f * scale);
    const ElementBox* tip = nullptr;
    ImVec2 mouse = ImGui::GetIO().MousePos;
    for (const ElementBox& b : s.boxes) {
      ImVec2 a = at(b.x, b.y), c = at(b.x + b.w, b.y + b.h);
      ImU32 colour = TagColour(b.tag);
      dl->AddRectFilled(a, c, (colour & 0x00FFFFFF) | (24u << 24));
      dl->AddRect(a, c, colour);
      dl->PushClipRect(a, ImVec2(std::max(c.x, a.x + 1), std::max(c.y, a.y + 1)), true);
      dl->AddText(nullptr, font_size, ImVec2(a.x + 2, a.y + 1), Rgb(20, 20, 20), b.text.c_str());
      dl->PopClipRect();
      char id[16];
      std::snprintf(id, sizeof id, "%d", b.id);
      dl->AddText(nullptr, font_size * 0.85f, ImVec2(a.x, a.y - font_size * 0.85f), colour, id);
      if (hovered && mouse.x >= a.x && mouse.x < c.x && mouse.y >= a.y && mouse.y < c.y) tip = &b;
    }
    for (const ElementBox& b : s.boxes) {
      if (b.id != s.acted_element) continue;
      ImVec2 a = at(b.x, b.y), c = at(b.x + b.w, b.y + b.h);
      ImU32 hl = Rgb(kHighlightRgb[0], kHighlightRgb[1], kHighlightRgb[2]);
      dl->AddRectFilled(a, c, Rgb(kHighlightRgb[0], kHighlightRgb[1], kHighlightRgb[2], 70));
      dl->AddRect(ImVec2(a.x - 2, a.y - 2), ImVec2(c.x + 2, c.y + 2), hl, 0, 0, 3);
      info->has_highlight = true;
      info->highlight_x0 = a.x - 3;
      info->highlight_y0 = a.y - 3;
      info->highlight_x1 = c.x + 3;
      info->highlight_y1 = c.y + 3;
    }
    info->canvas_x0 = origin.x;
    info->canvas_y0 = origin.y;
    info->canvas_x1 = origin.x + canvas_size.x;
    info->canvas_y1 = origin.y + canvas_size.y;
    if (tip != nullptr) {
      ImGui::BeginTooltip();
      ImGui::Text("id %d  <%s>  %.0fx%.0f at (%.0f, %.0f)", tip->id, tip->tag.c_str(), tip->w,
                  tip->h, tip->x, tip->y);
      ImGui::PushTextWrapPos(480);
      ImGui::TextUnformatted(tip->text.c_str());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
  }

  void DrawDetails(const StepView& s) {
    const char* names[] = {"Response", "Observation", "Prompt",   "Verdict",
                           "Changes",  "Group",       "Dashboard"};
    for (int i = 0; i < 7; ++i) {
      if (i > 0) ImGui::SameLine();
      if (ImGui::RadioButton(names[i], tab_ == i)) tab_ = i;
    }
    ImGui::Separator();
    ImGui::BeginChild("tab", ImVec2(0, 0), false);
    switch (tab_) {
      case 0:
        ImGui::TextColored(ImVec4(0.4f, 0.4f, 0.4f, 1), "thought");
        ImGui::TextWrapped("%s", s.thought.empty() ? "(none)" : s.thought.c_str());
        ImGui::TextColored(ImVec4(0.4f, 0.4f, 0.4f, 1), "action");
        ImGui::TextWrapped("%s", s.action.c_str());
        if (!s.action_error.empty()) {
          ImGui::TextColored(ImVec4(0.75f, 0.1f, 0.1f, 1), "action error");
          ImGui::TextWrapped("%s", s.action_error.c_str());
        }
        ImGui::TextColored(ImVec4(0.4f, 0.4f, 0.4f, 1), "raw response");
        ImGui::TextWrapped("%s", s.response.c_str());
        break;
      case 1:
        ImGui::TextWrapped("%s", s.observation.c_str());
        break;
      case 2:
        ImGui::TextWrapped("%s", s.prompt.c_str());
        break;
      case 3:
        ImGui::Text("reward %.0f", current_.summary.reward);
        ImGui::TextWrapped("answer: %s",
                           current_.answer.empty() ? "(none)" : current_.answer.c_str());
        ImGui::Separator();
        DrawVerdict(current_.verdict);
        break;
      case 4:
        DrawChanges();
        break;
      case 5:
        DrawGroup();
        break;
      default:
        DrawDashboard();
    }
    ImGui::EndChild();
  }

  // One line per evaluator check ("PASS ..." / "FAIL ..."), coloured.
  void DrawVerdict(const std::string& verdict) {
    size_t start = 0;
    while (start < verdict.size()) {
      size_t end = verdict.find('\n', start);
      if (end == std::string::npos) end = verdict.size();
      std::string line = verdict.substr(start, end - start);
      ImVec4 c = line.rfind("PASS", 0) == 0   ? ImVec4(0.1f, 0.55f, 0.2f, 1)
                 : line.rfind("FAIL", 0) == 0 ? ImVec4(0.75f, 0.1f, 0.1f, 1)
                                              : ImVec4(0.2f, 0.2f, 0.2f, 1);
      ImGui::PushStyleColor(ImGuiCol_Text, c);
      ImGui::TextWrapped("%s", line.c_str());
      ImGui::PopStyleColor();
      start = end + 1;
    }
  }

  // What the episode changed in the site databases, found by replaying it in a fresh
  // simulator (once per episode, when the tab is first shown).
  void DrawChanges() {
    if (replay_episode_ != current_.summary.id) {
      replay_episode_ = current_.summary.id;
      replay_ = ReplayRecorded(current_);
    }
    if (!replay_.ok()) {
      ImGui::TextColored(ImVec4(0.75f, 0.1f, 0.1f, 1), "Cannot replay the episode: %s",
                         replay_.status().message().c_str());
      return;
    }
    const ReplayResult& r = *replay_;
    ImGui::TextWrapped("Replayed %d actions in a fresh simulator: reward %.0f (recorded %.0f)%s",
                       r.steps, r.reward, current_.summary.reward,
                       r.finished ? "" : ", the episode did not end");
    if (r.finished && r.reward != current_.summary.reward) {
      ImGui::TextColored(ImVec4(0.75f, 0.1f, 0.1f, 1),
                         "The replay does not reproduce the recorded reward: the store was "
                         "written by another build of the simulator.");
    }
    auto value = [](const std::optional<std::string>& v) {
      if (!v) return std::string("NULL");
      return v->size() > 160 ? v->substr(0, 160) + "..." : *v;
    };
    for (const SiteChanges& site : r.changes) {
      ImGui::Separator();
      if (site.tables.empty()) {
        ImGui::Text("%s: no rows changed", site.site.c_str());
        continue;
      }
      ImGui::Text("%s:", site.site.c_str());
      for (const TableChanges& t : site.tables) {
        ImGui::Text("  %s: %lld inserted, %lld updated, %lld deleted", t.table.c_str(),
                    static_cast<long long>(t.inserted), static_cast<long long>(t.updated),
                    static_cast<long long>(t.deleted));
        if (!t.note.empty()) ImGui::TextWrapped("    %s", t.note.c_str());
        const std::string id = site.site + "." + t.table;
        if (t.rows.empty() ||
            !ImGui::BeginTable(id.c_str(), 4,
                               ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                   ImGuiTableFlags_SizingStretchProp)) {
          continue;
        }
        ImGui::TableSetupColumn("row", ImGuiTableColumnFlags_WidthFixed, 110);
        ImGui::TableSetupColumn("column", ImGuiTableColumnFlags_WidthFixed, 140);
        ImGui::TableSetupColumn("before");
        ImGui::TableSetupColumn("after");
        ImGui::TableHeadersRow();
        for (const RowChange& c : t.rows) {
          const ImVec4 colour = c.kind == RowChange::Kind::kInserted  ? ImVec4(0.1f, 0.55f, 0.2f, 1)
                                : c.kind == RowChange::Kind::kDeleted ? ImVec4(0.75f, 0.1f, 0.1f, 1)
                                                                      : ImVec4(0.6f, 0.4f, 0, 1);
          for (size_t k = 0; k < c.columns.size(); ++k) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            if (k == 0) {
              ImGui::TextColored(colour, "%s %lld", RowChangeName(c.kind),
                                 static_cast<long long>(c.rowid));
            }
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(c.columns[k].c_str());
            ImGui::TableNextColumn();
            if (k < c.before.size()) ImGui::TextWrapped("%s", value(c.before[k]).c_str());
            ImGui::TableNextColumn();
            if (k < c.after.size()) ImGui::TextWrapped("%s", value(c.after[k]).c_str());
          }
        }
        ImGui::EndTable();
      }
    }
  }

  void DrawGroup() {
    ImGui::Text("GRPO group %d of policy version %lld: %zu trajectories", current_.summary.group,
                static_cast<long long>(current_.summary.policy_version), group_.size());
    if (ImGui::BeginTable("group", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
      ImGui::TableSetupColumn("member");
      ImGui::TableSetupColumn("reward");
      ImGui::TableSetupColumn("turns");
      ImGui::TableSetupColumn("episode");
      ImGui::TableHeadersRow();
      int64_t open = -1;
      for (const EpisodeSummary& m : group_) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        char label[32];
        std::snprintf(label, sizeof label, "%d", m.member);
        if (ImGui::Selectable(label, m.id == current_.summary.id,
                              ImGuiSelectableFlags_SpanAllColumns)) {
          open = m.id;
        }
        ImGui::TableNextColumn();
        ImGui::Text("%.0f", m.reward);
        ImGui::TableNextColumn();
        ImGui::Text("%d", m.turns);
        ImGui::TableNextColumn();
        ImGui::Text("%lld", static_cast<long long>(m.id));
      }
      ImGui::EndTable();
      if (open >= 0 && open != current_.summary.id) Select(open);
    }
  }

  void DrawDashboard() {
    std::map<std::string, Series> s;
    const std::vector<std::pair<const char*, ImU32>> keys = {{"reward", Rgb(30, 120, 200)},
                                                             {"kl", Rgb(200, 80, 40)},
                                                             {"turns", Rgb(90, 90, 90)},
                                                             {"tokens", Rgb(120, 60, 160)},
                                                             {"entropy", Rgb(20, 150, 130)},
                                                             {"generate_s", Rgb(30, 120, 200)},
                                                             {"env_s", Rgb(40, 160, 60)},
                                                             {"learn_s", Rgb(200, 80, 40)},
                                                             {"engine_idle_s", Rgb(150, 150, 150)},
                                                             {"learner_idle_s", Rgb(60, 60, 60)}};
    Series success{"test success %", {}, {}, Rgb(30, 150, 60)};
    for (const auto& m : metrics_) {
      std::string stage = m.value("stage", "");
      float step = m.value("step", 0.0f);
      if (stage == "grpo_eval" && m.contains("success_rate")) {
        success.x.push_back(step);
        success.y.push_back(m["success_rate"].get<float>());
      }
      if (stage != "grpo") continue;
      for (const auto& [k, colour] : keys) {
        if (!m.contains(k) || !m[k].is_number()) continue;
        Series& ser = s[k];
        ser.name = k;
        ser.colour = colour;
        ser.x.push_back(step);
        ser.y.push_back(m[k].get<float>());
      }
    }
    if (s.empty() && success.x.empty()) {
      ImGui::TextUnformatted("No M-GRPO metrics in this run (metrics.jsonl).");
    }
    const float w = std::max(200.0f, (ImGui::GetContentRegionAvail().x - 12) / 2);
    const ImVec2 size(w, 110);
    auto one = [&](const char* title, std::initializer_list<const char*> names) {
      std::vector<Series> list;
      for (const char* n : names) {
        if (s.count(n)) list.push_back(s[n]);
      }
      LineChart(title, list, size);
    };
    ImGui::BeginGroup();
    one("reward (mean per update)", {"reward"});
    LineChart("test success rate (periodic evaluation)", {success}, size);
    one("turns per trajectory", {"turns"});
    ImGui::EndGroup();
    ImGui::SameLine();
    ImGui::BeginGroup();
    one("KL to the reference", {"kl"});
    one("tokens generated", {"tokens"});
    one("time split per update (s)",
        {"generate_s", "env_s", "learn_s", "engine_idle_s", "learner_idle_s"});
    ImGui::EndGroup();
    if (s.count("entropy")) one("entropy", {"entropy"});
    if (!sweeps_.empty()) {
      std::vector<Series> list;
      const ImU32 colours[] = {Rgb(30, 120, 200), Rgb(200, 80, 40), Rgb(40, 160, 60),
                               Rgb(120, 60, 160)};
      size_t i = 0;
      for (const auto& [label, caps] : sweeps_) {
        Series ser{label, {}, {}, colours[i++ % 4]};
        for (const auto& [cap, rate] : caps) {
          ser.x.push_back(static_cast<float>(cap));
          ser.y.push_back(rate);
        }
        list.push_back(std::move(ser));
      }
      LineChart("test-time scaling: success rate (%) against the interaction cap", list,
                ImVec2(2 * w, 130));
    }
  }

  ViewerOptions options_;
  int auto_scroll_rows_ = 0;
  std::unique_ptr<RunStore> store_;
  std::string error_;
  std::vector<EpisodeSummary> all_;
  std::vector<size_t> shown_;
  EpisodeFilter filter_;
  char intent_buf_[256] = "", split_buf_[32] = "", site_buf_[32] = "", stage_buf_[32] = "";
  EpisodeView current_;
  bool has_current_ = false;
  int step_ = 0;
  bool scroll_to_viewport_ = false;
  int tab_ = 0;
  int64_t replay_episode_ = -1;  // the episode replay_ belongs to
  Result<ReplayResult> replay_ = FailedPrecondition("not replayed");
  std::vector<EpisodeSummary> group_;
  std::vector<nlohmann::json> metrics_;
  std::map<std::string, std::map<int, float>> sweeps_;
};

// A GLFW window with an OpenGL 3 context and ImGui set up; torn down in reverse order.
class Window {
 public:
  Status Open(int width, int height, bool visible, int swap_interval = 1) {
    glfwSetErrorCallback([](int code, const char* text) {
      std::fprintf(stderr, "[viewer] GLFW error %d: %s\n", code, text);
    });
    if (!glfwInit()) {
      return FailedPrecondition(
          "cannot initialise GLFW: no display (set DISPLAY, or run under xvfb-run)");
    }
    glfw_ = true;
    glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    window_ = glfwCreateWindow(width, height, "webagent viewer", nullptr, nullptr);
    if (window_ == nullptr) return FailedPrecondition("cannot create an OpenGL 3 window");
    glfwMakeContextCurrent(window_);
    glfwSwapInterval(swap_interval);
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    ImGui::StyleColorsLight();
    ImGui_ImplGlfw_InitForOpenGL(window_, true);
    ImGui_ImplOpenGL3_Init("#version 130");
    imgui_ = true;
    return Status::Ok();
  }
  ~Window() {
    if (imgui_) {
      ImGui_ImplOpenGL3_Shutdown();
      ImGui_ImplGlfw_Shutdown();
      ImGui::DestroyContext();
    }
    if (window_ != nullptr) glfwDestroyWindow(window_);
    if (glfw_) glfwTerminate();
  }
  GLFWwindow* get() const { return window_; }

  // Builds and renders one frame; returns the framebuffer size.
  void Render(App& app, Frame* info, int* w, int* h) {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    glfwGetFramebufferSize(window_, w, h);
    app.Draw(*w, *h, info);
    ImGui::Render();
    glViewport(0, 0, *w, *h);
    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    glClearColor(bg.x, bg.y, bg.z, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  }

 private:
  GLFWwindow* window_ = nullptr;
  bool glfw_ = false, imgui_ = false;
};

}  // namespace

Status RunViewer(const ViewerOptions& options) {
  Window window;
  WA_RETURN_IF_ERROR(window.Open(options.width, options.height, /*visible=*/true));
  App app(options);
  auto last_poll = std::chrono::steady_clock::now();
  Frame info;
  while (!glfwWindowShouldClose(window.get())) {
    glfwWaitEventsTimeout(options.live ? 0.25 : 1.0);
    auto now = std::chrono::steady_clock::now();
    if (options.live && now - last_poll > std::chrono::seconds(1)) {
      app.Refresh();
      last_poll = now;
    }
    int w = 0, h = 0;
    window.Render(app, &info, &w, &h);
    glfwSwapBuffers(window.get());
  }
  return Status::Ok();
}

Result<Frame> RenderFrame(const ViewerOptions& options) {
  Window window;
  WA_RETURN_IF_ERROR(window.Open(options.width, options.height, /*visible=*/false));
  App app(options);
  Frame frame;
  int w = 0, h = 0;
  // ImGui sizes windows and tables over the first frames; the third one is stable.
  for (int i = 0; i < 3; ++i) window.Render(app, &frame, &w, &h);
  glFinish();
  frame.width = w;
  frame.height = h;
  frame.rgba.resize(static_cast<size_t>(w) * static_cast<size_t>(h) * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, frame.rgba.data());
  // OpenGL's rows start at the bottom.
  const size_t row = static_cast<size_t>(w) * 4;
  for (int y = 0; y < h / 2; ++y) {
    std::swap_ranges(frame.rgba.begin() + static_cast<std::ptrdiff_t>(y * row),
                     frame.rgba.begin() + static_cast<std::ptrdiff_t>((y + 1) * row),
                     frame.rgba.begin() + static_cast<std::ptrdiff_t>((h - 1 - y) * row));
  }
  return frame;
}

Result<double> MeasureListScrolling(const ViewerOptions& options, int frames, int rows_per_frame) {
  Window window;
  WA_RETURN_IF_ERROR(window.Open(options.width, options.height, /*visible=*/false, 0));
  App app(options);
  if (app.episode_count() == 0) return FailedPrecondition("the store has no episodes to scroll");
  Frame info;
  int w = 0, h = 0;
  for (int i = 0; i < 3; ++i) window.Render(app, &info, &w, &h);  // settle
  app.set_auto_scroll(rows_per_frame);
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < frames; ++i) {
    glfwPollEvents();
    window.Render(app, &info, &w, &h);
    glfwSwapBuffers(window.get());
  }
  glFinish();
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return frames / std::max(1e-9, s);
}

Status WriteScreenshot(const ViewerOptions& options, const std::string& png_path) {
  auto frame = RenderFrame(options);
  if (!frame.ok()) return frame.status();
  std::string png;
  auto sink = [](void* ctx, void* data, int size) {
    static_cast<std::string*>(ctx)->append(static_cast<const char*>(data),
                                           static_cast<size_t>(size));
  };
  if (stbi_write_png_to_func(sink, &png, frame->width, frame->height, 4, frame->rgba.data(),
                             frame->width * 4) == 0) {
    return Internal("PNG encoding failed for " + png_path);
  }
  return WriteFileAtomic(png_path, png);
}

}  // namespace wa
