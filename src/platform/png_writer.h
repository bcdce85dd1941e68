#pragma once
// PNG files natively (the web build links no PNG writer: the browser encodes the web's pictures):
// --screenshot's frame and "Save picture". zlib deflates the rows, each with the PNG filter that
// leaves the smallest numbers (UI pictures are mostly flat colour and compress to a few percent).

#include <cstdint>
#include <string>
#include <vector>

namespace platform {

// Writes `rgba` (width * height * 4 bytes, top row first) as an 8-bit RGBA PNG; a non-empty
// `description` goes into it as its Description text (UTF-8), which image tools show as alt text.
bool WritePng(const std::string& path, int width, int height, const std::vector<uint8_t>& rgba,
              const std::string& description = std::string());

}  // namespace platform
