#include "replay/event_replay.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include <SDL.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "lesson/describe.h"
#include "lesson/scene.h"
#include "lesson/state_url.h"
#include "platform/window_sdl.h"

// Contents
// [SECTION] Keys by name
// [SECTION] Reading the stream file
// [SECTION] Expanding events into per-frame actions
// [SECTION] Replaying
// [SECTION] After the stream: what the input left behind

namespace platform {

namespace {

// The state the replay opens at the end, and what its description must then say, so a widget
// that no longer answers scripted input fails the replay: values 3 and 5, weight 0.5, the scene's
// prediction skipped so the output shows.
constexpr const char* kCheckState = "scene=combine&combine.values=3,5&combine.weight=0.5&combine.predict=-_0s";
constexpr const char* kCheckDescription = "Output 4 = 1.5 + 2.5.";
// No mirror may read these, in any case, as words of their own.
constexpr const char* kNonFiniteWords[] = {"nan", "inf", "infinity"};
// The scene whose table quotes what the learner typed, and that column: the stream types "nan"
// and "inf" on purpose, so it is left out of the check.
constexpr const char* kQuotingScene = "quiz";
constexpr size_t kQuotingColumn = 1;
// A frame takes the actions up to the next frame end, but never more than this many.
constexpr int kMaxActionsPerFrame = 64;
// A frame pushes nothing while ImGui still holds earlier input; it takes at least one event a frame.
constexpr int kMaxWaitFrames = 1000;
// Consecutive moves share a frame, as a real pointer's do.
constexpr int kMovesPerFrame = 4;
// Every this many frames one goes through GL, and each of the few after a resize or a scene
// switch; ImGui runs every frame.
constexpr int kShowEvery = 4;
constexpr int kShowAfterChange = 2;
// Far more vertices than any scene draws; more means runaway layout.
constexpr long kMaxVertices = 2000000;

// [SECTION] Keys by name
struct KeyInfo {
  SDL_Scancode scancode = SDL_SCANCODE_UNKNOWN;
  SDL_Keycode keycode = SDLK_UNKNOWN;
  std::string text;  // what the key types, empty for none
};

struct NamedKey {
  const char* name;
  SDL_Scancode scancode;
  SDL_Keycode keycode;
};

constexpr NamedKey kNamedKeys[] = {
    {"Tab", SDL_SCANCODE_TAB, SDLK_TAB},
    {"ArrowLeft", SDL_SCANCODE_LEFT, SDLK_LEFT},
    {"ArrowRight", SDL_SCANCODE_RIGHT, SDLK_RIGHT},
    {"ArrowUp", SDL_SCANCODE_UP, SDLK_UP},
    {"ArrowDown", SDL_SCANCODE_DOWN, SDLK_DOWN},
    {"Enter", SDL_SCANCODE_RETURN, SDLK_RETURN},
    {"Space", SDL_SCANCODE_SPACE, SDLK_SPACE},
    {"Escape", SDL_SCANCODE_ESCAPE, SDLK_ESCAPE},
    {"Backspace", SDL_SCANCODE_BACKSPACE, SDLK_BACKSPACE},
    {"Delete", SDL_SCANCODE_DELETE, SDLK_DELETE},
    {"Home", SDL_SCANCODE_HOME, SDLK_HOME},
    {"End", SDL_SCANCODE_END, SDLK_END},
    {"PageUp", SDL_SCANCODE_PAGEUP, SDLK_PAGEUP},
    {"PageDown", SDL_SCANCODE_PAGEDOWN, SDLK_PAGEDOWN},
};

// A key by its Playwright name: one of the named keys, or one character a-z, 0-9, '.' or '-'.
// With Control or Alt held a key types nothing, as on the desktop.
bool LookUpKey(const std::string& name, uint16_t mods, KeyInfo* key) {
  const bool types = (mods & (KMOD_CTRL | KMOD_ALT)) == 0;
  for (const NamedKey& named : kNamedKeys) {
    if (name != named.name) continue;
    key->scancode = named.scancode;
    key->keycode = named.keycode;
    key->text = named.scancode == SDL_SCANCODE_SPACE && types ? " " : "";
    return true;
  }
  if (name.size() != 1) return false;
  const char c = name[0];
  if (c >= 'a' && c <= 'z') {
    key->scancode = static_cast<SDL_Scancode>(SDL_SCANCODE_A + (c - 'a'));
  } else if (c >= '1' && c <= '9') {
    key->scancode = static_cast<SDL_Scancode>(SDL_SCANCODE_1 + (c - '1'));
  } else if (c == '0') {
    key->scancode = SDL_SCANCODE_0;
  } else if (c == '.') {
    key->scancode = SDL_SCANCODE_PERIOD;
  } else if (c == '-') {
    key->scancode = SDL_SCANCODE_MINUS;
  } else {
    return false;
  }
  key->keycode = static_cast<SDL_Keycode>(c);
  const bool shifted = (mods & KMOD_SHIFT) != 0 && c >= 'a' && c <= 'z';
  key->text = types ? std::string(1, shifted ? static_cast<char>(std::toupper(c)) : c) : "";
  return true;
}

// [SECTION] Reading the stream file
bool ParseMods(const std::string& text, uint16_t* mods) {
  *mods = 0;
  if (text == "-") return true;
  std::stringstream parts(text);
  std::string name;
  while (std::getline(parts, name, '+')) {
    if (name == "Shift") {
      *mods = static_cast<uint16_t>(*mods | KMOD_LSHIFT);
    } else if (name == "Control") {
      *mods = static_cast<uint16_t>(*mods | KMOD_LCTRL);
    } else if (name == "Alt") {
      *mods = static_cast<uint16_t>(*mods | KMOD_LALT);
    } else {
      return false;
    }
  }
  return true;
}

bool ParseButton(const std::string& text, int* button) {
  if (text == "left") {
    *button = SDL_BUTTON_LEFT;
  } else if (text == "right") {
    *button = SDL_BUTTON_RIGHT;
  } else {
    return false;
  }
  return true;
}

bool ParseLine(const std::string& line, StreamEvent* event) {
  using Kind = StreamEvent::Kind;
  std::istringstream in(line);
  std::string kind, a, b;
  in >> kind;
  bool ok = true;
  KeyInfo key;
  if (kind == "move") {
    event->kind = Kind::Move;
    ok = static_cast<bool>(in >> event->x0 >> event->y0);
  } else if (kind == "down" || kind == "up" || kind == "click") {
    event->kind = kind == "down" ? Kind::Down : kind == "up" ? Kind::Up : Kind::Click;
    ok = (in >> event->x0 >> event->y0 >> a >> b) && ParseButton(a, &event->button) && ParseMods(b, &event->mods);
  } else if (kind == "drag" || kind == "swipe") {
    event->kind = kind == "drag" ? Kind::Drag : Kind::Swipe;
    ok = (in >> event->x0 >> event->y0 >> event->x1 >> event->y1 >> event->steps) && event->steps >= 1 &&
         event->steps <= 1000;
  } else if (kind == "tap") {
    event->kind = Kind::Tap;
    ok = static_cast<bool>(in >> event->x0 >> event->y0);
  } else if (kind == "wheel") {
    event->kind = Kind::Wheel;
    ok = static_cast<bool>(in >> event->x0 >> event->y0 >> event->dx >> event->dy);
  } else if (kind == "key") {
    event->kind = Kind::Key;
    ok = (in >> event->text >> b) && ParseMods(b, &event->mods) && LookUpKey(event->text, event->mods, &key);
  } else if (kind == "type") {
    event->kind = Kind::Type;
    ok = static_cast<bool>(in >> event->text);
    for (char c : event->text) ok = ok && LookUpKey(std::string(1, c), 0, &key);
  } else if (kind == "resize") {
    event->kind = Kind::Resize;
    ok = (in >> event->width >> event->height) && event->width >= 200 && event->width <= 8192 && event->height >= 200 &&
         event->height <= 8192;
  } else if (kind == "scene") {
    event->kind = Kind::Scene;
    lesson::Scene scene;
    ok = (in >> event->text) && lesson::ParseScene(event->text, &scene);
  } else {
    return false;
  }
  for (float v : {event->x0, event->y0, event->x1, event->y1}) ok = ok && std::isfinite(v) && v >= -1.0f && v <= 2.0f;
  return ok;
}

}  // namespace

bool LoadEventStream(const std::string& path, std::vector<StreamEvent>* events, std::string* error) {
  std::ifstream file(path);
  if (!file) {
    *error = "cannot read " + path;
    return false;
  }
  std::string line;
  int number = 0;
  while (std::getline(file, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    StreamEvent event;
    if (!ParseLine(line, &event)) {
      *error = path + ":" + std::to_string(number) + ": not an event: " + line.substr(0, 80);
      return false;
    }
    events->push_back(event);
  }
  if (events->empty()) {
    *error = path + " holds no events";
    return false;
  }
  return true;
}

// [SECTION] Expanding events into per-frame actions
// The stream becomes actions with frame ends after presses of keys that act, drag presses and
// each step of a drag, so that the frames between them draw what a person would see. Each event
// sets the modifiers it holds (most hold none) before anything else.

struct EventReplay::Action {
  enum class Kind { Motion, Button, Finger, Wheel, Key, Mods, Resize, Scene, EndFrame };
  Kind kind = Kind::EndFrame;
  float x = 0, y = 0;       // fractions of the window
  int button = 0;           // Button: SDL_BUTTON_*
  bool down = false;        // Button, Key
  bool touch = false;       // Motion, Button: SDL's mouse events made from a finger
  Uint32 finger_event = 0;  // Finger: SDL_FINGERDOWN, SDL_FINGERMOTION or SDL_FINGERUP
  int dx = 0, dy = 0;       // Wheel, in pixels
  KeyInfo key;              // Key
  uint16_t mods = 0;        // Mods, Key
  std::string scene;        // Scene
  int width = 0, height = 0;
};

EventReplay::EventReplay(const std::vector<StreamEvent>& events, uint64_t play_ms)
    : stream_events_(events.size()), play_ms_(play_ms) {
  Expand(events);
}

EventReplay::~EventReplay() = default;

void EventReplay::Expand(const std::vector<StreamEvent>& events) {
  using Kind = Action::Kind;
  int moves = 0;
  auto add = [this](Action action) { actions_.push_back(std::move(action)); };
  auto end_frame = [&] {
    Action action;
    action.kind = Kind::EndFrame;
    add(action);
    moves = 0;
  };
  auto motion = [&](float x, float y, bool touch) {
    Action action;
    action.kind = Kind::Motion;
    action.x = x;
    action.y = y;
    action.touch = touch;
    add(action);
  };
  auto button = [&](float x, float y, int which, bool down, bool touch) {
    Action action;
    action.kind = Kind::Button;
    action.x = x;
    action.y = y;
    action.button = which;
    action.down = down;
    action.touch = touch;
    add(action);
  };
  auto mods = [&](uint16_t held) {
    Action action;
    action.kind = Kind::Mods;
    action.mods = held;
    add(action);
  };
  // SDL sends a finger's events and, by default, mouse events made from them.
  auto finger = [&](float x, float y, Uint32 type) {
    Action action;
    action.kind = Kind::Finger;
    action.x = x;
    action.y = y;
    action.finger_event = type;
    add(action);
    motion(x, y, true);
    if (type != SDL_FINGERMOTION) button(x, y, SDL_BUTTON_LEFT, type == SDL_FINGERDOWN, true);
  };
  auto key = [&](const std::string& name, uint16_t held) {
    Action action;
    action.kind = Kind::Key;
    action.mods = held;
    LookUpKey(name, held, &action.key);
    action.down = true;
    add(action);
    // A typed character reaches ImGui through its character queue and needs no frame of its own
    // (as in the browser test); a key that acts (Tab, arrows, Space, Enter...) is down for a frame
    // and up for one, so that pressing it again is seen as a press.
    const bool acts = action.key.text.empty() || action.key.text == " ";
    if (acts) end_frame();
    action.down = false;
    add(action);
    if (acts) end_frame();
  };
  auto lerp = [](float a, float b, int i, int n) {
    return a + (b - a) * static_cast<float>(i) / static_cast<float>(n);
  };

  for (const StreamEvent& e : events) {
    mods(e.mods);
    switch (e.kind) {
      case StreamEvent::Kind::Move:
        motion(e.x0, e.y0, false);
        if (++moves >= kMovesPerFrame) end_frame();
        break;
      case StreamEvent::Kind::Down:
      case StreamEvent::Kind::Up:
        motion(e.x0, e.y0, false);
        button(e.x0, e.y0, e.button, e.kind == StreamEvent::Kind::Down, false);
        end_frame();
        break;
      case StreamEvent::Kind::Click:
        // Down and up in one frame: ImGui's input queue shows the press in this frame and the
        // release in the next, as for a quick real click.
        motion(e.x0, e.y0, false);
        button(e.x0, e.y0, e.button, true, false);
        button(e.x0, e.y0, e.button, false, false);
        end_frame();
        break;
      case StreamEvent::Kind::Drag:
        motion(e.x0, e.y0, false);
        button(e.x0, e.y0, SDL_BUTTON_LEFT, true, false);
        end_frame();
        for (int i = 1; i <= e.steps; ++i) {
          motion(lerp(e.x0, e.x1, i, e.steps), lerp(e.y0, e.y1, i, e.steps), false);
          end_frame();
        }
        button(e.x1, e.y1, SDL_BUTTON_LEFT, false, false);
        end_frame();
        break;
      case StreamEvent::Kind::Tap:
        finger(e.x0, e.y0, SDL_FINGERDOWN);
        finger(e.x0, e.y0, SDL_FINGERUP);
        end_frame();
        break;
      case StreamEvent::Kind::Swipe:
        finger(e.x0, e.y0, SDL_FINGERDOWN);
        end_frame();
        for (int i = 1; i <= e.steps; ++i) {
          finger(lerp(e.x0, e.x1, i, e.steps), lerp(e.y0, e.y1, i, e.steps), SDL_FINGERMOTION);
          end_frame();
        }
        finger(e.x1, e.y1, SDL_FINGERUP);
        end_frame();
        break;
      case StreamEvent::Kind::Wheel: {
        motion(e.x0, e.y0, false);
        Action action;
        action.kind = Kind::Wheel;
        action.dx = e.dx;
        action.dy = e.dy;
        add(action);
        end_frame();
        break;
      }
      case StreamEvent::Kind::Key: key(e.text, e.mods); break;
      case StreamEvent::Kind::Type:
        for (char c : e.text) key(std::string(1, c), 0);
        break;
      case StreamEvent::Kind::Resize: {
        Action action;
        action.kind = Kind::Resize;
        action.width = e.width;
        action.height = e.height;
        add(action);
        end_frame();
        break;
      }
      case StreamEvent::Kind::Scene: {
        Action action;
        action.kind = Kind::Scene;
        action.scene = e.text;
        add(action);
        end_frame();
        break;
      }
    }
  }
  end_frame();
}

// [SECTION] Replaying
namespace {

int ButtonIndex(int button) {
  if (button == SDL_BUTTON_LEFT) return 0;
  if (button == SDL_BUTTON_RIGHT) return 1;
  return 2;
}

int Sign(int value) { return (value > 0) - (value < 0); }

}  // namespace

void EventReplay::Run(App& app, const Action& action) {
  using Kind = Action::Kind;
  int width = 0, height = 0;
  SDL_Window* window = WindowSdlHandle();
  SDL_GetWindowSize(window, &width, &height);
  const Uint32 window_id = SDL_GetWindowID(window);
  const float x = action.x * static_cast<float>(width);
  const float y = action.y * static_cast<float>(height);
  Uint32 buttons = 0;
  for (int i = 0; i < 3; ++i) {
    if (held_[i]) buttons |= SDL_BUTTON(i == 0 ? SDL_BUTTON_LEFT : i == 1 ? SDL_BUTTON_RIGHT : SDL_BUTTON_MIDDLE);
  }
  SDL_Event event;
  std::memset(&event, 0, sizeof event);
  switch (action.kind) {
    case Kind::Motion:
      event.type = SDL_MOUSEMOTION;
      event.motion.windowID = window_id;
      event.motion.which = action.touch ? SDL_TOUCH_MOUSEID : 0;
      event.motion.state = buttons;
      event.motion.x = static_cast<Sint32>(x);
      event.motion.y = static_cast<Sint32>(y);
      event.motion.xrel = static_cast<Sint32>(x - mouse_x_);
      event.motion.yrel = static_cast<Sint32>(y - mouse_y_);
      mouse_x_ = x;
      mouse_y_ = y;
      SDL_WarpMouseInWindow(window, static_cast<int>(x), static_cast<int>(y));
      break;
    case Kind::Button: {
      const int index = ButtonIndex(action.button);
      held_[index] = action.down;
      event.type = action.down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
      event.button.windowID = window_id;
      event.button.which = action.touch ? SDL_TOUCH_MOUSEID : 0;
      event.button.button = static_cast<Uint8>(action.button);
      event.button.state = action.down ? SDL_PRESSED : SDL_RELEASED;
      event.button.clicks = 1;
      event.button.x = static_cast<Sint32>(x);
      event.button.y = static_cast<Sint32>(y);
      break;
    }
    case Kind::Finger:
      event.type = action.finger_event;
      event.tfinger.touchId = 1;
      event.tfinger.fingerId = 0;
      event.tfinger.x = action.x;
      event.tfinger.y = action.y;
      event.tfinger.pressure = action.finger_event == SDL_FINGERUP ? 0.0f : 1.0f;
      event.tfinger.windowID = window_id;
      break;
    case Kind::Wheel:
      // A browser's positive deltaY scrolls down, which SDL reports as negative y.
      event.type = SDL_MOUSEWHEEL;
      event.wheel.windowID = window_id;
      event.wheel.x = Sign(action.dx);
      event.wheel.y = -Sign(action.dy);
      event.wheel.preciseX = static_cast<float>(action.dx) / 120.0f;
      event.wheel.preciseY = -static_cast<float>(action.dy) / 120.0f;
      event.wheel.direction = SDL_MOUSEWHEEL_NORMAL;
      event.wheel.mouseX = static_cast<Sint32>(mouse_x_);
      event.wheel.mouseY = static_cast<Sint32>(mouse_y_);
      break;
    case Kind::Key:
      SetMods(action.mods);
      event.type = action.down ? SDL_KEYDOWN : SDL_KEYUP;
      event.key.windowID = window_id;
      event.key.state = action.down ? SDL_PRESSED : SDL_RELEASED;
      event.key.keysym.scancode = action.key.scancode;
      event.key.keysym.sym = action.key.keycode;
      event.key.keysym.mod = mods_;
      if (SDL_PushEvent(&event) == 1) ++pushed_;
      if (!action.down || action.key.text.empty()) return;
      std::memset(&event, 0, sizeof event);
      event.type = SDL_TEXTINPUT;
      event.text.windowID = window_id;
      std::snprintf(event.text.text, sizeof event.text.text, "%s", action.key.text.c_str());
      break;
    case Kind::Mods: SetMods(action.mods); return;
    case Kind::Resize:
      SDL_SetWindowSize(WindowSdlHandle(), action.width, action.height);
      ++resizes_;
      show_until_ = frames_ + kShowAfterChange;
      return;
    case Kind::Scene:
      AppSetScene(app, action.scene);
      ++scene_switches_;
      show_until_ = frames_ + kShowAfterChange;
      return;
    case Kind::EndFrame: return;
  }
  if (SDL_PushEvent(&event) == 1) ++pushed_;
}

void EventReplay::QueueEvents(App& app) {
  if (!started_) {
    started_ = true;
    started_ms_ = SDL_GetTicks64();
    // The replay runs as fast as frames can be drawn, not at the display's rate.
    SDL_GL_SetSwapInterval(0);
  }
  ++frames_;
  // ImGui takes at most one change of a button or key per frame (its input queue trickles), so a
  // frame's actions are pushed only once the ones before have all been taken: otherwise a backlog
  // builds up and its clicks land after the scene switches and the scripted state that follow.
  if (!ImGui::GetCurrentContext()->InputEventsQueue.empty()) {
    ++waited_frames_;
    if (++waiting_ > kMaxWaitFrames) {
      std::printf("replay: FAIL: ImGui's input queue still holds events after %d frames\n", kMaxWaitFrames);
      app.exit_code = 1;
      app.running = false;
    }
    return;
  }
  waiting_ = 0;
  if (next_ >= actions_.size() && finish_frame_ == 0 && SDL_GetTicks64() - started_ms_ < play_ms_) {
    next_ = 0;
    ++passes_;
  }
  if (next_ >= actions_.size()) {
    Finish(app);
    return;
  }
  for (int taken = 0; next_ < actions_.size() && taken < kMaxActionsPerFrame; ++taken) {
    const Action& action = actions_[next_++];
    if (action.kind == Action::Kind::EndFrame) break;
    Run(app, action);
  }
}

void EventReplay::SetMods(uint16_t mods) {
  struct Modifier {
    uint16_t mask;
    SDL_Keycode keycode;
    SDL_Scancode scancode;
  };
  const Modifier modifiers[] = {{KMOD_SHIFT, SDLK_LSHIFT, SDL_SCANCODE_LSHIFT},
                                {KMOD_CTRL, SDLK_LCTRL, SDL_SCANCODE_LCTRL},
                                {KMOD_ALT, SDLK_LALT, SDL_SCANCODE_LALT}};
  const Uint32 window_id = SDL_GetWindowID(WindowSdlHandle());
  for (const Modifier& modifier : modifiers) {
    const bool was = (mods_ & modifier.mask) != 0;
    const bool now = (mods & modifier.mask) != 0;
    if (was == now) continue;
    mods_ = static_cast<uint16_t>(now ? (mods_ | (mods & modifier.mask)) : (mods_ & ~modifier.mask));
    SDL_Event event;
    std::memset(&event, 0, sizeof event);
    event.type = now ? SDL_KEYDOWN : SDL_KEYUP;
    event.key.windowID = window_id;
    event.key.state = now ? SDL_PRESSED : SDL_RELEASED;
    event.key.keysym.scancode = modifier.scancode;
    event.key.keysym.sym = modifier.keycode;
    event.key.keysym.mod = mods_;
    if (SDL_PushEvent(&event) == 1) ++pushed_;
  }
  mods_ = mods;
  SDL_SetModState(static_cast<SDL_Keymod>(mods_));
}

bool EventReplay::ShowsFrame() {
  if (frames_ <= show_until_ || frames_ % kShowEvery == 0 || finish_frame_ > 0) {
    ++frames_shown_;
    return true;
  }
  return false;
}

// [SECTION] After the stream: what the input left behind
namespace {

// Problems in the last frame's draw lists and io: non-finite vertices mean a layout computed
// from NaN; a huge vertex count means runaway layout.
std::vector<std::string> CheckImGui() {
  std::vector<std::string> problems;
  const ImGuiIO& io = ImGui::GetIO();
  if (!std::isfinite(io.DisplaySize.x) || !std::isfinite(io.DisplaySize.y) || io.DisplaySize.x <= 0 ||
      io.DisplaySize.y <= 0) {
    problems.push_back("display size is not a positive finite size");
  }
  if (!std::isfinite(io.DisplayFramebufferScale.x) || io.DisplayFramebufferScale.x <= 0) {
    problems.push_back("framebuffer scale is not positive and finite");
  }
  const ImDrawData* draw_data = ImGui::GetDrawData();
  if (!draw_data || !draw_data->Valid || draw_data->CmdListsCount == 0) {
    problems.push_back("the last frame has no draw data");
    return problems;
  }
  long vertices = 0, bad = 0;
  for (int n = 0; n < draw_data->CmdListsCount; ++n) {
    for (const ImDrawVert& v : draw_data->CmdLists[n]->VtxBuffer) {
      ++vertices;
      if (!std::isfinite(v.pos.x) || !std::isfinite(v.pos.y) || !std::isfinite(v.uv.x) || !std::isfinite(v.uv.y)) ++bad;
    }
  }
  if (bad > 0) problems.push_back(std::to_string(bad) + " of " + std::to_string(vertices) + " vertices are not finite");
  if (vertices > kMaxVertices) problems.push_back(std::to_string(vertices) + " vertices in one frame");
  std::printf("replay: last frame %ld vertices in %d draw lists\n", vertices, draw_data->CmdListsCount);
  return problems;
}

std::vector<std::string> CheckState(const lesson::LessonState& state) {
  std::vector<std::string> problems;
  const std::string encoded = lesson::EncodeState(state);
  lesson::LessonState decoded;
  std::string warning;
  if (!lesson::DecodeState(encoded, &decoded, &warning)) {
    problems.push_back("the state's own link does not decode: " + warning);
  } else if (lesson::EncodeState(decoded) != encoded) {
    problems.push_back("the state's link does not round-trip: " + encoded);
  }
  std::printf("replay: state %s\n", encoded.c_str());
  return problems;
}

bool IsWordByte(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

// Whether `text` holds `word` (lower case) as a word of its own, in any case.
bool HoldsWord(const std::string& text, const std::string& word) {
  std::string lower = text;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (size_t at = lower.find(word); at != std::string::npos; at = lower.find(word, at + 1)) {
    const size_t end = at + word.size();
    if ((at == 0 || !IsWordByte(lower[at - 1])) && (end == lower.size() || !IsWordByte(lower[end]))) return true;
  }
  return false;
}

// Problems with one mirror line: a number that is not finite shown as such.
std::vector<std::string> CheckMirrorLine(const std::string& line) {
  std::vector<std::string> problems;
  for (const char* word : kNonFiniteWords) {
    if (HoldsWord(line, word)) problems.push_back("a mirror reads '" + std::string(word) + "': " + line);
  }
  return problems;
}

// Every scene's mirror, printed and checked: each scene describes itself, and no description or
// table reads "nan" or "inf".
std::vector<std::string> CheckMirrors(const lesson::LessonState& state) {
  std::vector<std::string> problems;
  for (const lesson::SceneModule* scene : lesson::Scenes()) {
    const std::string name = scene->name;
    lesson::LessonState copy = state;
    copy.scene = scene->id;
    const std::string sentences = lesson::DescribeScene(copy);
    if (sentences.empty()) problems.push_back("scene " + name + " has no description");
    const std::string description = "describe " + name + ": " + sentences;
    std::printf("%s\n", description.c_str());
    const lesson::MirrorTable table = lesson::DescribeTable(copy);
    std::string cells = "table " + name + ": " + table.caption;
    for (const std::string& column : table.columns) cells += " | " + column;
    for (const auto& row : table.rows) {
      for (size_t i = 0; i < row.size(); ++i) {
        if (name != kQuotingScene || i != kQuotingColumn) cells += " | " + row[i];
      }
    }
    std::printf("%s\n", cells.c_str());
    for (const std::string& line : {description, cells}) {
      for (const std::string& problem : CheckMirrorLine(line)) problems.push_back(problem);
    }
  }
  return problems;
}

}  // namespace

void EventReplay::Finish(App& app) {
  constexpr int kSettleFrames = 3;
  constexpr int kCheckFrames = 3;
  ++finish_frame_;
  if (finish_frame_ == 1) {
    // The stream releases what it presses; this only guards a truncated file.
    const int buttons[] = {SDL_BUTTON_LEFT, SDL_BUTTON_RIGHT, SDL_BUTTON_MIDDLE};
    for (int i = 0; i < 3; ++i) {
      if (!held_[i]) continue;
      held_[i] = false;
      SDL_Event event;
      std::memset(&event, 0, sizeof event);
      event.type = SDL_MOUSEBUTTONUP;
      event.button.windowID = SDL_GetWindowID(WindowSdlHandle());
      event.button.button = static_cast<Uint8>(buttons[i]);
      event.button.state = SDL_RELEASED;
      event.button.x = static_cast<Sint32>(mouse_x_);
      event.button.y = static_cast<Sint32>(mouse_y_);
      if (SDL_PushEvent(&event) == 1) ++pushed_;
    }
    SetMods(0);
    return;
  }
  if (finish_frame_ == 1 + kSettleFrames) {
    const uint64_t elapsed = SDL_GetTicks64() - started_ms_;
    std::printf(
        "replay: %d pass%s of %zu stream events, %ld SDL events pushed, %d frames (%d shown, %d waiting for "
        "ImGui's input queue), %d resizes, %d scene switches in %llu ms\n",
        passes_, passes_ == 1 ? "" : "es", stream_events_, pushed_, frames_, frames_shown_, waited_frames_, resizes_, scene_switches_,
        static_cast<unsigned long long>(elapsed));
    std::vector<std::string> problems = CheckImGui();
    for (const std::string& problem : CheckState(app.state)) problems.push_back(problem);
    for (const std::string& problem : CheckMirrors(app.state)) problems.push_back(problem);
    for (const std::string& problem : problems) std::printf("replay: FAIL: %s\n", problem.c_str());
    if (!problems.empty()) app.exit_code = 1;
    AppApplyState(app, kCheckState);
    return;
  }
  if (finish_frame_ == 1 + kSettleFrames + kCheckFrames) {
    const std::string description = lesson::DescribeScene(app.state);
    const std::string line = std::string("check ") + kCheckState + ": " + description;
    std::printf("%s\n", line.c_str());
    std::vector<std::string> problems = CheckMirrorLine(line);
    if (description.find(kCheckDescription) == std::string::npos) {
      problems.push_back(std::string("the scripted state does not say '") + kCheckDescription + "'");
    }
    for (const std::string& problem : problems) std::printf("replay: FAIL: %s\n", problem.c_str());
    if (!problems.empty()) app.exit_code = 1;
    std::fflush(stdout);
    finished_ = true;
    app.running = false;
  }
}

}  // namespace platform
