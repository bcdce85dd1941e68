#pragma once
// Two doubles operated on side by side, for the core's inner loops. Each lane is one ordinary
// IEEE double operation (no fused multiply-add, no reordering), so every path gives the same bits:
// wasm SIMD when the web build has it (-msimd128), SSE2 natively on x86-64, and otherwise plain
// scalar code chosen at compile time. Used only by the core's .cpp files.
//
// Every helper is forced inline: a size-optimized build (-Oz) would otherwise call a function,
// passing the vector through memory, for each addition in the innermost loops.

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

#if defined(__GNUC__) || defined(__clang__)
#define ATTN_LANES_INLINE inline __attribute__((always_inline))
#else
#define ATTN_LANES_INLINE inline
#endif

namespace attention::detail {

#if defined(__wasm_simd128__)

struct Lanes {
  v128_t v;
};
ATTN_LANES_INLINE Lanes LanesZero() { return {wasm_f64x2_splat(0.0)}; }
ATTN_LANES_INLINE Lanes LanesSplat(double x) { return {wasm_f64x2_splat(x)}; }
ATTN_LANES_INLINE Lanes LanesLoad(const double* p) { return {wasm_v128_load(p)}; }
ATTN_LANES_INLINE void LanesStore(double* p, Lanes a) { wasm_v128_store(p, a.v); }
ATTN_LANES_INLINE Lanes operator+(Lanes a, Lanes b) { return {wasm_f64x2_add(a.v, b.v)}; }
ATTN_LANES_INLINE Lanes operator*(Lanes a, Lanes b) { return {wasm_f64x2_mul(a.v, b.v)}; }
constexpr bool kLanesAreSimd = true;

#elif defined(__SSE2__)

struct Lanes {
  __m128d v;
};
ATTN_LANES_INLINE Lanes LanesZero() { return {_mm_setzero_pd()}; }
ATTN_LANES_INLINE Lanes LanesSplat(double x) { return {_mm_set1_pd(x)}; }
ATTN_LANES_INLINE Lanes LanesLoad(const double* p) { return {_mm_loadu_pd(p)}; }
ATTN_LANES_INLINE void LanesStore(double* p, Lanes a) { _mm_storeu_pd(p, a.v); }
ATTN_LANES_INLINE Lanes operator+(Lanes a, Lanes b) { return {_mm_add_pd(a.v, b.v)}; }
ATTN_LANES_INLINE Lanes operator*(Lanes a, Lanes b) { return {_mm_mul_pd(a.v, b.v)}; }
constexpr bool kLanesAreSimd = true;

#else

struct Lanes {
  double lo;
  double hi;
};
ATTN_LANES_INLINE Lanes LanesZero() { return {0.0, 0.0}; }
ATTN_LANES_INLINE Lanes LanesSplat(double x) { return {x, x}; }
ATTN_LANES_INLINE Lanes LanesLoad(const double* p) { return {p[0], p[1]}; }
ATTN_LANES_INLINE void LanesStore(double* p, Lanes a) {
  p[0] = a.lo;
  p[1] = a.hi;
}
ATTN_LANES_INLINE Lanes operator+(Lanes a, Lanes b) { return {a.lo + b.lo, a.hi + b.hi}; }
ATTN_LANES_INLINE Lanes operator*(Lanes a, Lanes b) { return {a.lo * b.lo, a.hi * b.hi}; }
constexpr bool kLanesAreSimd = false;

#endif

}  // namespace attention::detail

#undef ATTN_LANES_INLINE
