#pragma once
// Minimal PNG encoder for screenshots (stored deflate blocks: larger files, no dependencies).

#include <cstdint>
#include <string>
#include <vector>

namespace platform {

// Writes `rgba` (width * height * 4 bytes, top row first) as an 8-bit RGBA PNG.
bool WritePng(const std::string& path, int width, int height, const std::vector<uint8_t>& rgba);

}  // namespace platform
