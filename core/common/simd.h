#pragma once
// Small float kernels that GCC vectorises, shared by the CPU training kernels (fused BatchNorm+SiLU, the
// class loss). Files using them are compiled with -fopenmp-simd and -fno-trapping-math (without it GCC keeps
// float clamps as branches and nothing vectorises below AVX-512), never -ffast-math.
//
// YS_KERNEL compiles a function once per instruction set, picked at load time, so a generic x86-64 build
// still runs AVX-512 / AVX2 code (x86-64-v4 rather than plain avx512f: 512-bit vectors of bf16 need AVX512BW).
#include <cstdint>
#include <cstring>

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#include <immintrin.h>
#define YS_KERNEL __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#define YS_NATIVE_BF16_CVT 1
#else
#define YS_KERNEL
#endif
#if defined(__GNUC__)
#define YS_INLINE inline __attribute__((always_inline))
#define YS_INLINE_LAMBDA __attribute__((always_inline))  // after a lambda's parameter list
#else
#define YS_INLINE inline
#define YS_INLINE_LAMBDA
#endif

namespace ys::simd {

// exp(x) for x clamped to [-87, 88] (so neither inf nor a denormal scale appears): Cody-Waite reduction
// x = n ln2 + r, |r| <= ln2 / 2, e^r by a degree-5 polynomial interpolating at Chebyshev nodes, 2^n built in
// the exponent bits. Relative error < 3e-7 over the range.
YS_INLINE float expClamped(float x)
{
    x = x < -87.0f ? -87.0f : x;
    x = x > 88.0f ? 88.0f : x;
    const float n = (x * 1.44269504088896341f + 12582912.0f) - 12582912.0f;  // round to nearest integer
    float r = x - n * 0.693359375f;
    r = r + n * 2.12194440e-4f;
    float p = 8.369148709e-3f;
    p = p * r + 4.191750661e-2f;
    p = p * r + 1.666650474e-1f;
    p = p * r + 4.999887049e-1f;
    p = p * r + 1.0f;
    p = p * r + 1.000000119f;
    const std::int32_t bits = (static_cast<std::int32_t>(n) + 127) << 23;
    float scale;
    std::memcpy(&scale, &bits, sizeof scale);
    return p * scale;
}

// bf16 <-> float on the raw bits of c10::BFloat16, written so that GCC vectorises loops of them.
YS_INLINE float bf16ToFloat(std::uint16_t v)
{
    const std::uint32_t u = std::uint32_t(v) << 16;
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

// Round to nearest even like c10::BFloat16; NaN stays NaN (quiet bit set). Signed arithmetic because AVX2
// has no unsigned 32-bit compare; the low 16 bits kept are the same.
YS_INLINE std::uint16_t floatToBf16(float v)
{
    std::int32_t u;
    std::memcpy(&u, &v, sizeof u);
    const std::int32_t rounded = (u + 0x7FFF + ((u >> 16) & 1)) >> 16;
    const std::int32_t nan = (u >> 16) | 0x40;
    return std::uint16_t((u & 0x7FFFFFFF) > 0x7F800000 ? nan : rounded);
}

// Element access for kernels templated on float or bf16 (raw bits) storage.
YS_INLINE float toFloat(float v) { return v; }
YS_INLINE float toFloat(std::uint16_t v) { return bf16ToFloat(v); }
YS_INLINE void store(float* p, float v) { *p = v; }
YS_INLINE void store(std::uint16_t* p, float v) { *p = floatToBf16(v); }

}  // namespace ys::simd
