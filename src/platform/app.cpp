#include "platform/app.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>

#include "lesson/describe.h"
#include "lesson/embed_options.h"
#include "lesson/json_text.h"
#include "lesson/locale.h"
#include "lesson/scenes/quiz/quiz.h"
#include "lesson/state_url.h"
#include "lesson/text_store.h"
#include "lesson/timeline/playback.h"
#include "platform/gl.h"
#include "platform/picture.h"
#include "platform/record_native.h"
#include "platform/renderer.h"
#include "platform/window.h"
#include "ui/access.h"
#include "ui/control_map.h"
#include "ui/fonts.h"
#include "ui/number_field.h"
#include "ui/player_panel.h"
#include "ui/theme.h"
#include "ui/widget.h"

namespace platform {

namespace {

constexpr unsigned kPublishIntervalMs = 250;

// Web: the canvas follows its container (the window changes nothing when the size is the same).
void FollowContainer(App& app) {
  int width = 0, height = 0;
  if (app.host->ContainerSize(&width, &height)) WindowSetSize(width, height);
}

// Natively the built-in words, overridden section by section by an author's copy; on the web only
// the words the loader handed over (see Host::LoadLessonText). Then the locale's translation over
// them (lesson/locale.h), whose missing keys show in English.
void LoadLessonText(App& app, const std::string& locale) {
  const AppOptions& options = app.options;
  lesson::TextStore& text = lesson::LessonText();
  text.Clear();
  app.host->LoadLessonText(options.assets_dir, text);
  std::vector<std::string> warnings;
  if (locale == lesson::kPseudoLocale) {
    warnings = lesson::LoadTranslation(text, "(pseudo-locale)", lesson::PseudoLocaleText(text));
  } else if (locale != lesson::Locales().front().code) {
    for (const std::string& name : lesson::LessonFileNames()) {
      std::string file;
      std::string contents;
      if (app.host->ReadTranslation(options.assets_dir, locale, name, &file, &contents)) {
        for (std::string& warning : lesson::LoadTranslation(text, file, contents)) warnings.push_back(std::move(warning));
      } else {
        warnings.push_back("no words for locale " + locale + " (" + file + "): the widget shows English");
      }
    }
  }
  for (const lesson::TextError& error : text.errors()) std::fprintf(stderr, "warning: %s\n", error.ToString().c_str());
  for (const std::string& warning : warnings) std::fprintf(stderr, "warning: %s\n", warning.c_str());
  // The lesson's timeline (empty in a widget without the walkthrough).
  lesson::RebuildLessonTimeline(app.host->BuiltInText());
  for (const lesson::TextError& error : lesson::LessonTimeline().errors) {
    std::fprintf(stderr, "warning: %s\n", error.ToString().c_str());
  }
}

// {caption, columns: [...], rows: [[...], ...]}, every cell a string.
std::string TableJson(const lesson::MirrorTable& table) {
  lesson::JsonWriter json;
  json.BeginObject().Key("caption").String(table.caption).Key("columns").BeginArray();
  for (const std::string& column : table.columns) json.String(column);
  json.EndArray().Key("rows").BeginArray();
  for (const std::vector<std::string>& row : table.rows) {
    json.BeginArray();
    for (const std::string& cell : row) json.String(cell);
    json.EndArray();
  }
  return json.EndArray().EndObject().text();
}

// Times to the millisecond, as the page shows and seeks them.
double Milliseconds(double seconds) { return std::round(seconds * 1000.0) / 1000.0; }

// Tells the page the controls a screen reader can reach and the one with the focus, when either
// changed since the last frame (ui/access.h): the page keeps an element for each.
void PublishControls(App& app) {
  if (!app.host->MirrorsControls()) return;
  std::string controls = ui::EncodeAccess(app.ui.access);
  const unsigned focus = ui::AccessFocus();
  if (controls == app.published_controls && focus == app.published_focus) return;
  app.published_controls = std::move(controls);
  app.published_focus = focus;
  app.host->Controls(app.published_controls, focus);
}

// Tells the page how tall the last frame's content was, when that changed (the page may size the
// widget to it).
void PublishHeight(App& app) {
  const int height = static_cast<int>(app.ui.content_height + 0.5f);
  if (height != app.published_height) {
    app.published_height = height;
    app.host->ContentHeight(height);
  }
}

// The live region's sentence while the lesson plays: the step, once per step, with its narration
// when the narration is not spoken (a screen reader then reads it; spoken, it would be said twice).
std::string PlaybackSentence(const App& app) {
  // The walkthrough's own sentence ("Step 3 of 8: ..."): the timeline keeps walkthrough.step.
  const std::string sentence = lesson::kWalkthroughModule.describe(app.state);
  if (app.ui.playback.narration != lesson::Narration::Captions) return sentence;
  return sentence + " " + lesson::T(lesson::WalkthroughStepKey(app.state.walkthrough.step, "caption"));
}

// Tells the page where the lesson's playback is: {playing, time, duration, step, steps, caption,
// speed, cue, cueTime, narration} (step from 1; steps each step's start in seconds; caption the
// step's narration, which the page speaks at that speed), when it starts, stops, changes step or
// cue, or is moved while paused, and at most every kPublishIntervalMs while it plays.
// Each prediction committed or skipped since the last frame, in order.
void PublishPredictions(App& app) {
  std::vector<std::string> events;
  events.swap(app.state.predictions.events);
  for (const std::string& event : events) app.host->Prediction(event);
}

void PublishPlayback(App& app) {
  const lesson::Timeline& timeline = lesson::LessonTimeline();
  const lesson::Walkthrough& walkthrough = app.state.walkthrough;
  const int step = lesson::TimelineStepAt(timeline, walkthrough.time);
  const int cue = lesson::TimelineCueAt(timeline, walkthrough.time);
  std::string key =
      std::string(walkthrough.playing ? "1" : "0") + ":" + std::to_string(step) + ":" + std::to_string(cue);
  // Paused, where it is too: a seek within a step is told at once.
  if (!walkthrough.playing) key += ":" + std::to_string(std::lround(walkthrough.time * 1000.0));
  const unsigned now = WindowTicksMs();
  const bool changed = app.published_playback.compare(0, key.size() + 1, key + "|") != 0;
  if (!changed && (!walkthrough.playing || now - app.published_playback_ms < kPublishIntervalMs)) return;
  if (app.published_playback.empty() && !ui::PlayerInUse(app.state)) return;
  app.published_playback = key + "|";
  app.published_playback_ms = now;
  lesson::JsonWriter json;
  json.BeginObject().Key("playing").Bool(walkthrough.playing).Key("time").Number(Milliseconds(walkthrough.time));
  json.Key("duration").Number(Milliseconds(timeline.duration)).Key("step").Integer(step + 1);
  json.Key("speed").Number(walkthrough.speed).Key("steps").BeginArray();
  for (const lesson::TimelineStep& entry : timeline.steps) json.Number(Milliseconds(entry.start));
  json.EndArray().Key("caption").String(lesson::T(lesson::WalkthroughStepKey(step, "caption")));
  // The sentence being said by its audio: its id ("" between sentences, and in a step timed by its
  // words, whose audio says other words) and how far into it the lesson is (seconds at speed 1).
  const lesson::TimelineCue* said =
      cue >= 0 && timeline.cues[static_cast<size_t>(cue)].audio ? &timeline.cues[static_cast<size_t>(cue)] : nullptr;
  json.Key("cue").String(said ? said->cue.id : "").Key("cueTime").Number(said ? Milliseconds(walkthrough.time - said->start) : 0.0);
  json.Key("narration").String(lesson::NarrationName(app.ui.playback.narration)).EndObject();
  app.host->Playback(json.text());
}

// Moves the clocks of what runs by the time since they last moved (at most a quarter second: a
// frame that comes late does not skip a step's actions or a run of training): a playing lesson,
// and a model in training.
void TickClock(App& app) {
  const unsigned now = WindowTicksMs();
  if (!app.state.walkthrough.playing && !lesson::AnySceneBusy(app.state)) {
    app.clock_ticking = false;
    return;
  }
  // A recording's clock moves one frame's time per frame, however long the frame took to draw.
  const double step = app.options.record_dir.empty() ? std::min(0.25, (now - app.clock_ticked_ms) / 1000.0)
                                                     : 1.0 / app.options.record_fps;
  const double seconds = app.clock_ticking ? step : 0.0;
  app.clock_ticking = true;
  app.clock_ticked_ms = now;
  const bool played = lesson::PlaybackAdvance(app.state, app.ui.playback, lesson::LessonTimeline(), seconds);
  const bool trained = lesson::AdvanceScenes(app.state, seconds);
  // A model that moved changes what the page is told even when the link does not (a link's step
  // being reached): the live region and the table follow it (Publish paces them).
  if (trained) app.publish_due = true;
  // Training draws every frame while it runs, also the frame that starts it.
  if (played || trained || lesson::AnySceneBusy(app.state)) app.frames_pending = std::max(app.frames_pending, 1);
}

// Tells the page what the widget shows when it changed: the shareable state, the live-region
// sentence and the table of numbers (accessible mirror), and the content height (embedding).
// While a control is dragged the page hears at most every kPublishIntervalMs (a screen reader
// cannot read faster, and the page's history and table need not follow every frame); the final
// value is told as soon as the control is let go.
void Publish(App& app) {
  const std::string state = lesson::EncodeState(app.state);
  const std::string notice = ui::NumberFieldNotice(app.ui);
  if (state != app.published_state || notice != app.published_notice || app.frames_drawn == 1) {
    app.publish_due = true;
  }
  const unsigned now = WindowTicksMs();
  const bool moving = ImGui::IsAnyItemActive() || app.state.walkthrough.playing || lesson::AnySceneBusy(app.state);
  if (app.publish_due && (!moving || now - app.published_at_ms >= kPublishIntervalMs)) {
    app.publish_due = false;
    app.published_at_ms = now;
    app.published_state = state;
    app.published_notice = notice;
    const std::string description =
        app.state.walkthrough.playing ? PlaybackSentence(app) : lesson::DescribeScene(app.state);
    app.host->StateChanged(state, notice.empty() ? description : notice + " " + description,
                           TableJson(lesson::DescribeTable(app.state)));
  }
  PublishPlayback(app);
  PublishPredictions(app);
  PublishHeight(app);
  PublishControls(app);
}

// The GL renderer's objects (shader program, buffers, font texture) belong to one context; the
// web's WebGL context can be lost and come back empty.
void ReleaseRenderer(App& app) {
  if (!app.renderer_ready) return;
  RendererShutdown(app.renderer);
  app.renderer_ready = false;
  app.fonts_uploaded = false;
}

void StartRenderer(App& app) {
  ReleaseRenderer(app);
  RendererInit(app.renderer, kGlslVersion);  // the font texture follows once the fonts are built
  app.renderer_ready = true;
}

// "combine, quiz": the scenes this widget offers, for warnings.
std::string OfferedSceneList(const App& app) {
  std::string names;
  for (lesson::Scene scene : lesson::OfferedScenes(app.ui.embed)) {
    names += (names.empty() ? "" : ", ") + std::string(lesson::SceneName(scene));
  }
  return names;
}

// ImGui takes at most one press or release of a button or key a frame, so input that came faster
// than frames waits in its queue. A change the page makes (setState, setScene) comes after the
// input the learner gave before it: it waits until that input is taken, so that a click made on
// the old state cannot land on the new one. At most this many frames.
constexpr int kHostChangeWaitFrames = 30;

bool InputBefore(unsigned event_id) {
  const ImGuiContext* context = ImGui::GetCurrentContext();
  return context && !context->InputEventsQueue.empty() && context->InputEventsQueue.front().EventId < event_id;
}

void Apply(App& app, const App::HostChange& change);

// After a frame, or at once when no frame will take the input (`now`).
void RunHostChanges(App& app, bool now) {
  if (app.host_changes.empty()) return;
  if (!now && InputBefore(app.host_changes_after_event) && ++app.host_changes_waited < kHostChangeWaitFrames) return;
  std::vector<App::HostChange> changes;
  changes.swap(app.host_changes);
  app.host_changes_waited = 0;
  for (const App::HostChange& change : changes) Apply(app, change);
}

// A widget that offers some scenes only (embed option scenes) never shows another: a link or a
// state naming one opens the first it offers.
void KeepSceneOffered(App& app) {
  if (!lesson::IsOffered(app.ui.embed, app.state.scene)) app.state.scene = lesson::OfferedScenes(app.ui.embed).front();
}

bool WantsDarkTheme(App& app) {
  if (app.ui.embed.theme == "dark") return true;
  if (app.ui.embed.theme == "light") return false;
  return app.host->PrefersDark();
}

// The theme the author's option or the system asks for, with more contrast if the system asks.
void ApplyWantedTheme(App& app) {
  ui::ApplyTheme(app.ui, WantsDarkTheme(app) ? ui::Theme::Dark : ui::Theme::Light, app.host->PrefersMoreContrast());
}

}  // namespace

bool AppInit(App& app, const AppOptions& options) {
  if (!app.host) app.host = MakeHost();
  app.options = options;
  LoadLessonText(app, options.embed.locale);
  app.ui.embed = options.embed;
  app.state.predictions.ask = options.embed.predictions;
  if (!options.state.empty()) AppApplyState(app, options.state);
  // A widget offering some scenes opens on the first of them, unless told otherwise.
  if (!options.scene.empty()) {
    AppSetScene(app, options.scene);
  } else if (options.state.empty() && !options.embed.scenes.empty()) {
    app.state.scene = options.embed.scenes.front();
  }
  KeepSceneOffered(app);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  if (!WindowOpen("Attention: select the information that matters now", options.width, options.height)) return false;
  ImGuiIO& io = ImGui::GetIO();
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  io.IniFilename = nullptr;  // no filesystem: nothing to save between runs
  io.LogFilename = nullptr;
  ApplyWantedTheme(app);
  Host* host = app.host.get();
  app.ui.copy_link = [host](const std::string& state) { return host->CopyLink(state); };
  app.ui.state_link = [host](const std::string& state) { return host->StateLink(state); };
  app.ui.open_url = [host](const std::string& url) { host->OpenUrl(url); };
  app.ui.picture.available = true;
  if (host->CopiesText()) app.ui.copy_text = [host](const std::string& text) { return host->CopyText(text); };
  app.ui.save_text = [host](const std::string& file, const std::string& text) {
    std::string message;
    host->SaveText(file, text, &message);
    return message;
  };
  app.ui.speech_note = host->SpeechNote();
  app.ui.fit_height = options.fit_height;
  host->Install();
  app.frames_pending = kFramesAfterInput;
  // A staged start makes its GL context later (AppOpenGl), once the layout is done.
  return options.staged_start || AppOpenGl(app);
}

bool AppOpenGl(App& app) {
  if (app.renderer_ready) return true;
  if (!WindowMakeContext()) return false;
  StartRenderer(app);
  AppPrepare(app);
  return true;
}

bool AppWantsFrame(const App& app) {
  return app.frames_pending > 0 || app.options.frames > 0 || app.input_source != nullptr ||
         !app.options.record_dir.empty();
}

void AppPrepare(App& app) {
  if (ui::LoadFonts(app.ui, WindowPixelRatio())) {
    app.fonts_uploaded = false;
    app.frames_pending = kFramesAfterInput;
  }
  if (app.renderer_ready && !app.fonts_uploaded) {
    RendererUploadFonts(app.renderer);
    app.fonts_uploaded = true;
    app.frames_pending = kFramesAfterInput;
  }
}

void AppLayout(App& app) {
  if (app.frames_drawn > 0) return;
  AppPrepare(app);
  FollowContainer(app);
  WindowNewFrame();
  ImGui::NewFrame();
  ui::DrawWidget(app.state, app.ui);
  ImGui::EndFrame();
  PublishHeight(app);
}

void AppCheckProgram(App& app) {
  // The browser asks the GPU whether the program linked the first time the program is used; asked
  // here, the first frame does not wait for the link.
  if (app.renderer_ready) RendererCheckProgram(app.renderer);
}

void AppSize(App& app) {
  if (app.frames_drawn == 0) FollowContainer(app);
}

void AppFrame(App& app) {
  if (app.input_source) app.input_source->QueueEvents(app);
  bool quit = false;
  if (WindowPollEvents(&quit)) app.frames_pending = kFramesAfterInput;
  if (quit) app.running = false;
  // While the context is lost every GL call does nothing, so letting go of the old objects now
  // costs nothing and leaves no stale names to delete once it is back. Input still reaches ImGui
  // above, so no key or button stays down.
  if (app.host->ContextLost()) {
    ReleaseRenderer(app);
    RunHostChanges(app, true);
    app.host->Idle();
    return;
  }
  if (app.host->TakeContextRestored()) {
    StartRenderer(app);
    app.frames_pending = kFramesAfterInput;
  }
  // A lesson that plays where nobody sees it pauses (its narration with it).
  if (!app.host->Shown() && app.state.walkthrough.playing) {
    lesson::PlaybackPause(app.state);
    PublishPlayback(app);
  }
  // Not shown, or its GL context not made yet (a staged start's first frame comes after it).
  if (!app.host->Shown() || !app.renderer_ready) {
    RunHostChanges(app, true);
    app.host->Idle();
    return;
  }
  FollowContainer(app);
  const ui::Theme wanted_theme = WantsDarkTheme(app) ? ui::Theme::Dark : ui::Theme::Light;
  const bool more_contrast = app.host->PrefersMoreContrast();
  if (wanted_theme != app.ui.theme || more_contrast != app.ui.more_contrast) {
    ui::ApplyTheme(app.ui, wanted_theme, more_contrast);
    app.frames_pending = kFramesAfterInput;
  }
  AppPrepare(app);
  app.ui.reduced_motion = app.host->ReducedMotion() || app.ui.reduce_motion_setting;
  app.ui.playback.reduced_motion = app.ui.reduced_motion;
  TickClock(app);
  if (!AppWantsFrame(app)) {
    RendererCheckProgram(app.renderer);
    // A playing lesson's clock goes on (with reduced motion it draws only when something jumps).
    if (!app.state.walkthrough.playing) app.host->Idle();
    return;
  }
  if (app.frames_pending > 0) --app.frames_pending;

  // "Save picture", pressed in an earlier frame, is drawn before this frame, which shows what it
  // said (on the web the picture is drawn in the canvas itself, see Host::BeginPicture). Only once
  // ImGui has no input left to spread over frames: the picture's own frame would take it.
  const bool last_frame = app.options.frames > 0 && app.frames_drawn + 1 >= app.options.frames;
  if (last_frame && app.options.save_picture) app.ui.picture.requested = true;
  if (app.ui.picture.requested && (last_frame || ImGui::GetCurrentContext()->InputEventsQueue.empty())) {
    if (!SavePicture(app) && app.options.save_picture) app.exit_code = 1;
    app.frames_pending = kFramesAfterInput;
  }

  WindowNewFrame();
  // Test and screenshot runs (--frames) show no hover state from wherever the X pointer rests.
  if (app.options.frames > 0 || !app.options.record_dir.empty()) ImGui::GetIO().AddMousePosEvent(-FLT_MAX, -FLT_MAX);
  ImGui::NewFrame();
  ui::DrawWidget(app.state, app.ui);
  ImGui::Render();
  // A value on its way to the state's (ui/motion.h) needs the next frame too.
  if (app.ui.moving) app.frames_pending = std::max(app.frames_pending, 1);
  if (app.ui.reveal_due) {
    app.ui.reveal_due = false;
    app.host->Reveal(app.ui.reveal_top, app.ui.reveal_bottom);
  }
  // Input handled this frame may change what the next frame shows (hover, focus, layout), and
  // ImGui spreads input that came faster than frames (a click within one) over the next frames. A
  // picture asked for is drawn by the next frame.
  if (ImGui::IsAnyItemActive() || !ImGui::GetCurrentContext()->InputEventsQueue.empty() || app.ui.picture.requested) {
    app.frames_pending = kFramesAfterInput;
  }

  const bool shown = !app.input_source || app.input_source->ShowsFrame();
  if (shown) {
    int fb_width = 0, fb_height = 0;
    WindowFramebufferSize(&fb_width, &fb_height);
    // The framebuffer may hold only a band of the display's rows (a tall widget on the web).
    ImDrawData* draw_data = ImGui::GetDrawData();
    float band_top = 0.0f, band_height = 0.0f;
    WindowDrawnBand(&band_top, &band_height);
    draw_data->DisplayPos.y += band_top;
    draw_data->DisplaySize.y = band_height;
    glViewport(0, 0, fb_width, fb_height);
    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    glClearColor(bg.x, bg.y, bg.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    RendererDraw(app.renderer, draw_data, fb_width, fb_height);
  }
  ++app.frames_drawn;
  app.host->FrameDrawn(app.frames_drawn);
  RunHostChanges(app, false);
  Publish(app);

  if (shown && app.frame_drawn) app.frame_drawn(app);
  if (last_frame) {
#ifndef __EMSCRIPTEN__
    // Natively only (record_native.cpp): the web build links no PNG writer.
    if (!app.options.screenshot_path.empty()) SaveScreenshot(app);
    if (app.options.save_picture) std::printf("%s\n", app.ui.picture.message.c_str());
#endif
    app.running = false;
  }
  if (shown) WindowSwap();
}

namespace {

void HostChanged(App& app) {
  app.frames_pending = kFramesAfterInput;
  app.host->Wake();
}

// After the state took a fragment.
void StateApplied(App& app) {
  KeepSceneOffered(app);
  lesson::PlaybackAfterLink(app.state, app.ui.playback, lesson::LessonTimeline());
  HostChanged(app);
}

void Apply(App& app, const App::HostChange& change) {
  using Kind = App::HostChange::Kind;
  switch (change.kind) {
    case Kind::State:
      // Decoded again: the predictions' pending events may have grown while it waited.
      if (lesson::DecodeState(change.text, &app.state, nullptr)) StateApplied(app);
      break;
    case Kind::Scene:
      lesson::ParseScene(change.text, &app.state.scene);
      HostChanged(app);
      break;
  }
}

// Whether a change the page makes now waits for input given before it (see RunHostChanges).
bool MustWait(const App& app) {
  const ImGuiContext* context = ImGui::GetCurrentContext();
  return !app.host_changes.empty() || (context && InputBefore(context->InputEventsNextEventId));
}

void Wait(App& app, App::HostChange change) {
  app.host_changes.push_back(std::move(change));
  const ImGuiContext* context = ImGui::GetCurrentContext();
  app.host_changes_after_event = context ? context->InputEventsNextEventId : 0;
  HostChanged(app);
}

}  // namespace

bool AppApplyState(App& app, const std::string& fragment) {
  // A change that waits is checked on a copy now, so that the page hears of a bad one at once.
  std::string warning;
  const bool waits = MustWait(app);
  lesson::LessonState checked;
  if (waits) checked = app.state;
  if (!lesson::DecodeState(fragment, waits ? &checked : &app.state, &warning)) {
    std::fprintf(stderr, "warning: ignoring the widget state in the link: %s\n", warning.c_str());
    return false;
  }
  if (waits) {
    Wait(app, {App::HostChange::Kind::State, fragment});
  } else {
    StateApplied(app);
  }
  return true;
}

bool AppSetScene(App& app, const std::string& name) {
  lesson::Scene scene;
  const std::string shown = name.substr(0, 40);
  if (!lesson::ParseScene(name, &scene)) {
    std::fprintf(stderr, "warning: ignoring scene \"%s\": there is no such scene; the scenes are %s\n", shown.c_str(),
                 OfferedSceneList(app).c_str());
    return false;
  }
  if (!lesson::IsOffered(app.ui.embed, scene)) {
    std::fprintf(stderr, "warning: ignoring scene \"%s\": this widget offers only %s\n", shown.c_str(),
                 OfferedSceneList(app).c_str());
    return false;
  }
  if (MustWait(app)) {
    Wait(app, {App::HostChange::Kind::Scene, name});
  } else {
    app.state.scene = scene;
    HostChanged(app);
  }
  return true;
}

bool AppSetOption(App& app, const std::string& name, const std::string& value) {
  std::string warning;
  if (!lesson::SetEmbedOption(app.ui.embed, name, value, &warning)) {
    std::fprintf(stderr, "warning: %s\n", warning.c_str());
    return false;
  }
  KeepSceneOffered(app);
  ApplyWantedTheme(app);
  app.state.predictions.ask = app.ui.embed.predictions;
  if (name == "locale") {
    // The new words, an atlas holding their letters, and the mirror's sentence in them.
    LoadLessonText(app, app.ui.embed.locale);
    ui::ForgetFonts(app.ui);
    AppPrepare(app);
    app.published_state.clear();
  }
  app.frames_pending = kFramesAfterInput;
  app.host->Wake();
  return true;
}

void AppShutdown(App& app) {
  if (app.renderer_ready) RendererCheckProgram(app.renderer);  // a run of --frames N may never go idle
  ReleaseRenderer(app);
  WindowClose();
  ImGui::DestroyContext();
}

// [The page's commands (exports_web.cpp)]

// Play, Pause and Seek come after a setState or setScene still waiting (MustWait), which they
// apply first.

namespace {

// Whether this widget plays the lesson: the one whose scene set has the walkthrough (the Heads
// widget has none, and warns).
bool HasLessonToPlay() {
  if (lesson::IsRegistered(lesson::Scene::Walkthrough)) return true;
  std::fprintf(stderr, "warning: this widget has no lesson to play (it offers %s)\n", lesson::SceneNameList().c_str());
  return false;
}

}  // namespace

void AppPlay(App& app) {
  if (!HasLessonToPlay()) return;
  RunHostChanges(app, true);
  if (!app.state.walkthrough.playing) lesson::PlaybackPlay(app.state, app.ui.playback, lesson::LessonTimeline());
  app.host->Wake();
}

void AppPause(App& app) {
  RunHostChanges(app, true);
  lesson::PlaybackPause(app.state);
  app.frames_pending = kFramesAfterInput;
  app.host->Wake();
}

bool AppSeek(App& app, double seconds) {
  if (!std::isfinite(seconds) || !HasLessonToPlay()) return false;
  RunHostChanges(app, true);
  lesson::PlaybackSeek(app.state, app.ui.playback, lesson::LessonTimeline(), seconds);
  app.frames_pending = kFramesAfterInput;
  app.host->Wake();
  return true;
}

void AppSetNarration(App& app, lesson::Narration narration) {
  app.ui.playback.narration = narration;
  app.ui.speech_note = narration == lesson::Narration::Captions ? "walkthrough.no_speech" : nullptr;
  app.frames_pending = kFramesAfterInput;
  app.host->Wake();
}

void AppSpoken(App& app, int step) {
  lesson::PlaybackSpoken(app.ui.playback, step - 1);
  app.host->Wake();
}

int AppSetNarrationAudio(App& app, const std::string& lines) {
  if (!lesson::IsRegistered(lesson::Scene::Walkthrough)) return 0;  // no lesson to narrate
  int refused = 0;
  std::vector<lesson::CueAudio> audio = lesson::ParseCueAudio(lines, &refused);
  if (refused > 0) std::fprintf(stderr, "warning: %d lines of the narration's cue times were not ID<TAB>SECONDS<TAB>TEXT, with SECONDS from 0 to %g (left out)\n", refused, lesson::kCueAudioMaxSeconds);
  const lesson::Timeline before = lesson::LessonTimeline();
  lesson::SetLessonNarrationAudio(std::move(audio));
  lesson::RebuildLessonTimeline(app.host->BuiltInText());
  const lesson::Timeline& after = lesson::LessonTimeline();
  lesson::PlaybackRetime(app.state, app.ui.playback, before, after);
  const int timed = lesson::TimelineAudioCues(after);
  if (timed == 0) {
    std::fprintf(stderr, "warning: no cue of the narration's audio has the words of the lesson's captions: the lesson plays on its captions' timing\n");
  }
  app.frames_pending = kFramesAfterInput;
  app.host->Wake();
  return timed;
}

void AppHeard(App& app, const std::string& id) {
  lesson::PlaybackHeard(app.ui.playback, lesson::LessonTimeline(), id);
  app.host->Wake();
}

namespace {

// A call from the page that changed what the next frames show: they are drawn, though no input
// event arrived.
void DrawSoon(App& app) {
  app.frames_pending = std::max(app.frames_pending, 2);
  app.host->Wake();
}

}  // namespace

void AppAccessFocus(App& app, unsigned id) {
  ui::FocusAccessControl(app.ui, id);
  DrawSoon(app);
}

void AppAccessKey(App&, unsigned id) {
  if (ImGui::GetCurrentContext() == nullptr || GImGui->NavId != id) return;
  GImGui->NavDisableHighlight = false;
  GImGui->NavDisableMouseHover = true;
}

void AppAccessStep(App& app, unsigned id, int step) {
  if (step < static_cast<int>(ui::AccessStep::Less) || step > static_cast<int>(ui::AccessStep::Highest)) return;
  ui::RequestAccessStep(app.ui, id, static_cast<ui::AccessStep>(step));
  DrawSoon(app);
}

void AppAccessPress(App& app, unsigned id) {
  if (!ui::FocusAccessControl(app.ui, id)) return;
  ImGui::ActivateItemByID(id);
  DrawSoon(app);
}

bool AppTyping(const App&) { return ImGui::GetCurrentContext() && ImGui::GetIO().WantTextInput; }

bool AppControlAt(const App& app, double x, double y) {
  if (!std::isfinite(x) || !std::isfinite(y)) return false;
  return ui::ControlAt(app.ui, ImVec2(static_cast<float>(x), static_cast<float>(y)));
}

const char* AppSceneName(const App* app) { return lesson::SceneName(app ? app->state.scene : lesson::LessonState().scene); }

std::string AppCanvasLabel(const App& app) {
  return lesson::Fill(lesson::T("widget.canvas_label"), {{"scene", lesson::T(lesson::ModuleOf(app.state.scene).label_key)}});
}

std::string AppCorrectionUrl(const App& app, const std::string& url) {
  lesson::EmbedOptions options;
  if (!lesson::SetEmbedOption(options, "corrections", url, nullptr)) return std::string();
  return lesson::CorrectionUrl(options, app.state, app.host->StateLink(lesson::EncodeState(app.state)));
}

std::string AppQuizProgress(const App* app) {
  const lesson::QuizProgress progress = app ? lesson::Progress(app->state.quiz) : lesson::QuizProgress();
  lesson::JsonWriter json;
  json.BeginObject().Key("answered").Integer(progress.answered).Key("revealed").Integer(progress.revealed);
  json.Key("correct").Integer(progress.correct).Key("questions").Integer(lesson::kQuizQuestionCount).EndObject();
  return json.text();
}

}  // namespace platform
