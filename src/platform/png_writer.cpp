#include "platform/png_writer.h"

#include <cstdio>
#include <cstdlib>

#include <zlib.h>

namespace platform {

namespace {

void PutU32(std::vector<uint8_t>& out, uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<uint8_t>(v >> shift));
}

void PutChunk(std::vector<uint8_t>& out, const char* type, const std::vector<uint8_t>& body) {
  PutU32(out, static_cast<uint32_t>(body.size()));
  const size_t start = out.size();
  out.insert(out.end(), type, type + 4);
  out.insert(out.end(), body.begin(), body.end());
  PutU32(out, static_cast<uint32_t>(crc32(0, out.data() + start, static_cast<uInt>(out.size() - start))));
}

// The rows as PNG filters them (a filter-type byte, then the row), top row first. Filtered, each
// with the filter of None, Sub (minus the pixel to the left) and Up (minus the pixel above) whose
// bytes, read as signed, sum to the least: the usual way to pick, and runs of zeros deflate well.
// Fast, each as it is (None).
std::vector<uint8_t> Rows(int width, int height, const std::vector<uint8_t>& pixels, const PngOptions& options) {
  const size_t channels = options.rgb ? 3 : 4;
  const size_t row = static_cast<size_t>(width) * channels;
  std::vector<uint8_t> out;
  out.reserve(static_cast<size_t>(height) * (row + 1));
  std::vector<uint8_t> candidates[3];
  for (std::vector<uint8_t>& candidate : candidates) candidate.resize(row);
  for (int y = 0; y < height; ++y) {
    const auto at = [&](int r) {
      return pixels.data() + static_cast<size_t>(options.bottom_up ? height - 1 - r : r) * row;
    };
    const uint8_t* line = at(y);
    if (options.fast) {
      out.push_back(0);
      out.insert(out.end(), line, line + row);
      continue;
    }
    const uint8_t* above = y > 0 ? at(y - 1) : nullptr;
    long sums[3] = {0, 0, 0};
    for (size_t i = 0; i < row; ++i) {
      const uint8_t bytes[3] = {line[i], static_cast<uint8_t>(line[i] - (i >= channels ? line[i - channels] : 0)),
                                static_cast<uint8_t>(line[i] - (above ? above[i] : 0))};
      for (int f = 0; f < 3; ++f) {
        candidates[f][i] = bytes[f];
        sums[f] += std::abs(static_cast<int8_t>(bytes[f]));
      }
    }
    int best = 0;
    for (int f = 1; f < 3; ++f) {
      if (sums[f] < sums[best]) best = f;
    }
    out.push_back(static_cast<uint8_t>(best));  // PNG filter types: 0 None, 1 Sub, 2 Up
    out.insert(out.end(), candidates[best].begin(), candidates[best].end());
  }
  return out;
}

}  // namespace

bool WritePng(const std::string& path, int width, int height, const std::vector<uint8_t>& pixels,
              const PngOptions& options) {
  const size_t channels = options.rgb ? 3 : 4;
  if (width <= 0 || height <= 0 ||
      pixels.size() != static_cast<size_t>(width) * static_cast<size_t>(height) * channels) {
    return false;
  }
  const std::vector<uint8_t> raw = Rows(width, height, pixels, options);
  uLongf packed_size = compressBound(static_cast<uLong>(raw.size()));
  std::vector<uint8_t> packed(packed_size);
  const int level = options.fast ? 1 : 6;
  if (compress2(packed.data(), &packed_size, raw.data(), static_cast<uLong>(raw.size()), level) != Z_OK) return false;
  packed.resize(packed_size);
  std::vector<uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  std::vector<uint8_t> header;
  PutU32(header, static_cast<uint32_t>(width));
  PutU32(header, static_cast<uint32_t>(height));
  // 8 bits a sample, colour type 2 (RGB) or 6 (RGBA), no interlace.
  header.insert(header.end(), {8, static_cast<uint8_t>(options.rgb ? 2 : 6), 0, 0, 0});
  PutChunk(png, "IHDR", header);
  const std::string& description = options.description;
  if (!description.empty()) {
    // iTXt: keyword, NUL, not compressed (0, 0), no language tag or translated keyword, UTF-8 text.
    const char keyword[] = "Description";
    std::vector<uint8_t> text(keyword, keyword + sizeof keyword);
    text.insert(text.end(), {0, 0, 0, 0});
    text.insert(text.end(), description.begin(), description.end());
    PutChunk(png, "iTXt", text);
  }
  PutChunk(png, "IDAT", packed);
  PutChunk(png, "IEND", {});
  FILE* file = std::fopen(path.c_str(), "wb");
  if (!file) return false;
  const bool ok = std::fwrite(png.data(), 1, png.size(), file) == png.size();
  return std::fclose(file) == 0 && ok;
}

}  // namespace platform
