#include "platform/record_native.h"

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>
#include <vector>


#include "lesson/scenes/walkthrough/walkthrough.h"
#include "lesson/timeline/playback.h"
#include "platform/app.h"
#include "platform/gl.h"
#include "platform/png_writer.h"
#include "platform/window.h"

namespace platform {

namespace {

// The frame just drawn, before it is shown: `channels` (3, RGB, or 4, RGBA) bytes a pixel, the
// bottom row first as GL reads them; *width and *height are its size.
std::vector<uint8_t> ReadPixels(int channels, int* width, int* height) {
  WindowFramebufferSize(width, height);
  std::vector<uint8_t> pixels(static_cast<size_t>(*width) * static_cast<size_t>(*height) * (channels == 3 ? 3 : 4));
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, *width, *height, channels == 3 ? GL_RGB : GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  return pixels;
}

// Encodes and writes frames on a thread of its own while the next frames are drawn.
class FrameWriter {
 public:
  explicit FrameWriter(std::string dir) : dir_(std::move(dir)), thread_([this] { Run(); }) {}
  ~FrameWriter() { Finish(); }

  void Add(int number, int width, int height, std::vector<uint8_t> rgb) {
    std::unique_lock<std::mutex> lock(mutex_);
    // At most a few frames wait: the drawing waits for the writer rather than filling the memory.
    room_.wait(lock, [this] { return queue_.size() < 4; });
    queue_.push_back(Frame{number, width, height, std::move(rgb)});
    ready_.notify_one();
  }

  // Waits for every frame to be written; false if one could not be.
  bool Finish() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
      ready_.notify_one();
    }
    if (thread_.joinable()) thread_.join();
    return ok_;
  }

 private:
  struct Frame {
    int number;
    int width;
    int height;
    std::vector<uint8_t> rgb;
  };

  void Run() {
    while (true) {
      Frame frame;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        ready_.wait(lock, [this] { return done_ || !queue_.empty(); });
        if (queue_.empty()) return;
        frame = std::move(queue_.front());
        queue_.pop_front();
        room_.notify_one();
      }
      char name[32];
      std::snprintf(name, sizeof name, "/frame-%06d.png", frame.number);
      PngOptions fast;  // frames of a video: mostly flat colour, written as quickly as they come
      fast.rgb = true;
      fast.bottom_up = true;
      fast.fast = true;
      if (!WritePng(dir_ + name, frame.width, frame.height, frame.rgb, fast) && ok_) {
        std::fprintf(stderr, "error: could not write %s%s\n", dir_.c_str(), name);
        ok_ = false;
      }
    }
  }

  std::string dir_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::condition_variable room_;
  std::deque<Frame> queue_;
  bool done_ = false;
  bool ok_ = true;
  std::thread thread_;
};

// Hands the frame just drawn to `writer` as frame number ++*frames_written.
void TakeFrame(App& app, FrameWriter& writer, int* frames_written) {
  int width = 0, height = 0;
  std::vector<uint8_t> rgb = ReadPixels(3, &width, &height);
  writer.Add(++*frames_written, width, height, std::move(rgb));
  // The frame at the end of the timeline is the last.
  if (!app.state.walkthrough.playing) app.running = false;
}

// [SECTION] Captions

std::string VttTime(double seconds) {
  const long ms = static_cast<long>(seconds * 1000.0 + 0.5);
  char text[32];
  std::snprintf(text, sizeof text, "%02ld:%02ld:%02ld.%03ld", ms / 3600000, ms / 60000 % 60, ms / 1000 % 60, ms % 1000);
  return text;
}

}  // namespace

std::string TimelineWebVtt(const lesson::Timeline& timeline) {
  std::string vtt = "WEBVTT\n";
  for (const lesson::TimelineCue& cue : timeline.cues) {
    vtt += "\n" + cue.cue.id + "\n" + VttTime(cue.start) + " --> " + VttTime(cue.end) + "\n" + cue.cue.text + "\n";
  }
  return vtt;
}

void SaveScreenshot(App& app) {
  int width = 0, height = 0;
  const std::vector<uint8_t> pixels = ReadPixels(4, &width, &height);
  PngOptions options;
  options.bottom_up = true;  // as glReadPixels gives them
  if (!WritePng(app.options.screenshot_path, width, height, pixels, options)) {
    std::fprintf(stderr, "error: could not write screenshot to %s\n", app.options.screenshot_path.c_str());
    app.exit_code = 1;
  }
}

int RunRecording(App& app) {
  const lesson::Timeline& timeline = lesson::LessonTimeline();
  {
    std::error_code ignored;  // a folder that cannot be made shows as the file that cannot be written
    std::filesystem::create_directories(app.options.record_dir, ignored);
    std::ofstream vtt(app.options.record_dir + "/captions.vtt", std::ios::binary);
    vtt << TimelineWebVtt(timeline);
    if (!vtt) {
      std::fprintf(stderr, "error: could not write %s/captions.vtt\n", app.options.record_dir.c_str());
      AppShutdown(app);
      return 1;
    }
  }
  // The captions are a track of their own, shown only when a viewer asks: none in the frames.
  app.state.walkthrough.captions = false;
  app.ui.hide_player = true;
  lesson::PlaybackSeek(app.state, app.ui.playback, timeline, 0.0);
  lesson::PlaybackPlay(app.state, app.ui.playback, timeline);
  FrameWriter writer(app.options.record_dir);
  int frames_written = 0;
  app.frame_drawn = [&writer, &frames_written](App& drawn) { TakeFrame(drawn, writer, &frames_written); };
  while (app.running) AppFrame(app);
  const bool written = writer.Finish();
  app.frame_drawn = nullptr;
  AppShutdown(app);
  std::printf("recorded %d frames at %d fps (%.3f s) and captions.vtt in %s\n", frames_written,
              app.options.record_fps, timeline.duration, app.options.record_dir.c_str());
  return written ? app.exit_code : 1;
}

}  // namespace platform
