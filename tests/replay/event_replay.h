#pragma once
// Replays a recorded stream of input (the monkey test's, written by tests/browser/monkey_stream.mjs)
// into the app as SDL events: mouse, touch (SDL_FINGER* plus the mouse events SDL makes from
// touch), wheel, keys with text input, window resizes and scene switches. When the stream is
// done it checks what the input left behind, sets the app's exit code to 1 when a check failed
// (printing "replay: FAIL: ..." for each) and stops the app. Used by attention_replay (main.cpp).
//
// The stream gives positions as fractions of the window, so one stream fits any window size.
// Modifiers reach ImGui as the key events of the modifier keys, as from a keyboard; the pointer
// is also moved on screen, since ImGui's SDL backend reads its position from the OS while no
// button is held.

#include <cstdint>
#include <string>
#include <vector>

#include "platform/app.h"

namespace platform {

// One line of the stream file (see monkey_stream.mjs for the format).
struct StreamEvent {
  enum class Kind { Move, Down, Up, Click, Drag, Tap, Swipe, Wheel, Key, Type, Resize, Scene };
  Kind kind = Kind::Move;
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // fractions of the window; x1, y1 for Drag and Swipe
  int steps = 1;                         // Drag, Swipe: moves from the first point to the second
  int button = 1;                        // SDL_BUTTON_LEFT or SDL_BUTTON_RIGHT
  uint16_t mods = 0;                     // KMOD_* held during the event
  int dx = 0, dy = 0;                    // Wheel, in pixels (120 to a notch)
  int width = 0, height = 0;             // Resize, window size in pixels
  std::string text;                      // Key: its name; Type: the text; Scene: its name
};

// Reads a stream file; false with *error naming the line when it cannot.
bool LoadEventStream(const std::string& path, std::vector<StreamEvent>* events, std::string* error);

class EventReplay final : public InputSource {
 public:
  // With `play_ms` above 0 the stream is played again from its start, pass after pass, until
  // that much time has gone by (the last pass is finished), and is checked once at the end.
  explicit EventReplay(const std::vector<StreamEvent>& events, uint64_t play_ms = 0);
  ~EventReplay() override;
  EventReplay(const EventReplay&) = delete;
  EventReplay& operator=(const EventReplay&) = delete;
  void QueueEvents(App& app) override;
  bool ShowsFrame() override;
  // Whether the whole stream was played and its checks ran.
  bool Finished() const { return finished_; }

 private:
  struct Action;
  void Expand(const std::vector<StreamEvent>& events);
  void Run(App& app, const Action& action);
  void Finish(App& app);
  void SetMods(uint16_t mods);  // pushes the modifier keys' events that make `mods` the ones held

  std::vector<Action> actions_;
  size_t next_ = 0;
  size_t stream_events_ = 0;
  uint64_t play_ms_ = 0;
  int passes_ = 1;
  int frames_ = 0;
  int frames_shown_ = 0;
  int finish_frame_ = 0;  // frames counted after the stream ended
  int waited_frames_ = 0;  // frames that pushed nothing while ImGui's input queue emptied
  int waiting_ = 0;        // of which in a row, now
  int show_until_ = 0;    // frames up to this one are shown (after a resize or a scene switch)
  bool started_ = false;
  bool finished_ = false;
  float mouse_x_ = 0, mouse_y_ = 0;  // window pixels
  bool held_[3] = {false, false, false};
  uint16_t mods_ = 0;
  long pushed_ = 0;  // SDL events pushed
  int resizes_ = 0;
  int scene_switches_ = 0;
  uint64_t started_ms_ = 0;
};

}  // namespace platform
