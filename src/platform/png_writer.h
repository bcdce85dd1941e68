#pragma once
// PNG files natively (the web build links no PNG writer: the browser encodes the web's pictures):
// --screenshot's frame, "Save picture" and --record's frames. zlib deflates the rows, each with the
// PNG filter that leaves the smallest numbers (UI pictures are mostly flat colour and compress to
// a few percent), or, for frames of a video, as they are at zlib's fastest level.

#include <cstdint>
#include <string>
#include <vector>

namespace platform {

// How WritePng reads the pixels it is given and packs them. Zero means default: RGBA, top row
// first, filtered rows at zlib's middle level, no description.
struct PngOptions {
  bool rgb = false;         // 3 bytes a pixel (RGB) rather than 4 (RGBA)
  bool bottom_up = false;   // the rows come bottom first, as glReadPixels gives them
  bool fast = false;        // no filters, zlib's fastest level: the frames of --record
  std::string description;  // written as the Description text (UTF-8): image tools show it as alt text
};

// Writes `pixels` (width * height * 3 or 4 bytes, see PngOptions) as an 8-bit PNG; false when the
// size does not match or the file cannot be written. The one PNG encoder of the program: the
// screenshot, "Save picture" and the recorded frames.
bool WritePng(const std::string& path, int width, int height, const std::vector<uint8_t>& pixels,
              const PngOptions& options = PngOptions());

}  // namespace platform
