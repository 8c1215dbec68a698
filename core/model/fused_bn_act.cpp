#include "model/internal/fused_bn_act.h"

#include <ATen/Parallel.h>
#include <ATen/record_function.h>
#include <torch/csrc/autograd/custom_function.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <string>
#include <type_traits>
#include <vector>

// The element kernels are compiled once per instruction set and picked at load time, so a generic x86-64
// build still runs AVX-512 / AVX2 code (x86-64-v4 rather than plain avx512f: 512-bit vectors of bf16 need
// AVX512BW). The loops are plain float code that `#pragma omp simd` vectorises; this file is compiled with
// -fopenmp-simd and -fno-trapping-math (without it GCC keeps the float clamps as branches, so nothing
// vectorises below AVX-512), no -ffast-math.
// bf16 results are rounded by AVX512-BF16 instructions where the CPU has them (checked at run time).
#include "common/simd.h"

namespace ys {
namespace fusedbn {

using bf16 = std::uint16_t;  // raw bits of c10::BFloat16

// Rows of sums are accumulated in float for this many rows (or plane elements), then added to double:
// the float error stays ~1e-6 relative while the inner loop stays a single vectorised float loop.
constexpr int64_t kBlockRows = 128;
constexpr int64_t kBlockElems = 4096;
// bf16 outputs are computed into a float buffer of this many values, then converted in one go when the CPU
// converts natively (AVX512-BF16): 1 KiB stays in L1.
constexpr int64_t kChunk = 256;
// Minimum elements per parallel task; below this the OpenMP fork costs more than it saves.
constexpr int64_t kTaskElems = 32768;

using simd::store;
using simd::toFloat;

using simd::expClamped;

// float -> bf16 for n values; null where the CPU has no native conversion (then the kernels round inline).
using Bf16Convert = void (*)(const float* in, bf16* out, int64_t n);

#ifdef YS_NATIVE_BF16_CVT
__attribute__((target("avx512f,avx512bw,avx512vl,avx512bf16"))) void toBf16Native(const float* in, bf16* out,
                                                                                     int64_t n)
{
    int64_t i = 0;
    for (; i + 32 <= n; i += 32) {
        const __m512bh r = _mm512_cvtne2ps_pbh(_mm512_loadu_ps(in + i + 16), _mm512_loadu_ps(in + i));
        _mm512_storeu_si512(out + i, reinterpret_cast<__m512i>(r));
    }
    for (; i < n; ++i)
        store(out + i, in[i]);
}
#endif

std::atomic<bool> nativeBf16Allowed{true};

Bf16Convert bf16Converter()
{
#ifdef YS_NATIVE_BF16_CVT
    static const Bf16Convert native = __builtin_cpu_supports("avx512bf16") ? &toBf16Native : nullptr;
    return nativeBf16Allowed.load(std::memory_order_relaxed) ? native : nullptr;
#else
    return nullptr;
#endif
}

YS_INLINE float sigmoid(float z) { return 1.0f / (1.0f + expClamped(-z)); }

template <bool Act>
YS_INLINE float actForward(float z)
{
    if constexpr (Act)
        return z * sigmoid(z);
    else
        return z;
}

// d/dz of act(z) times dy: silu'(z) = s (1 + z (1 - s)).
template <bool Act>
YS_INLINE float actBackward(float z, float dy)
{
    if constexpr (Act) {
        const float s = sigmoid(z);
        return dy * s * (1.0f + z * (1.0f - s));
    } else {
        return dy;
    }
}

// Per-channel constants are read at index i along a NHWC span (Vec) or at index 0 along an NCHW plane.
template <class TIn, class TOut, bool Act, bool Vec>
YS_INLINE void applyLoop(const TIn* __restrict x, TOut* __restrict y, int64_t n, const float* mean, const float* a,
                         const float* beta)
{
#pragma omp simd
    for (int64_t i = 0; i < n; ++i) {
        const int64_t j = Vec ? i : 0;
        const float z = (toFloat(x[i]) - mean[j]) * a[j] + beta[j];
        store(y + i, actForward<Act>(z));
    }
}

// Writes n results to y through body(o, m, out), which stores results o .. o+m-1 to out[0 .. m): out is y
// itself (fp32, or bf16 rounded inline) or, where the CPU converts natively, a float chunk that cvt then
// rounds into y + o. body must be a YS_INLINE_LAMBDA so that its loop is compiled (and vectorised) inside
// the calling instruction-set clone.
template <class T, class Body>
YS_INLINE void writeChunked(T* y, int64_t n, Bf16Convert cvt, const Body& body)
{
    if constexpr (std::is_same_v<T, bf16>) {
        if (cvt) {
            alignas(64) float tmp[kChunk];
            for (int64_t o = 0; o < n; o += kChunk) {
                const int64_t m = std::min(kChunk, n - o);
                body(o, m, tmp);
                cvt(tmp, y + o, m);
            }
            return;
        }
    }
    body(int64_t{0}, n, y);
}

template <class T, bool Act, bool Vec>
YS_INLINE void applySpan(const T* x, T* y, int64_t n, const float* mean, const float* a, const float* beta,
                         Bf16Convert cvt)
{
    writeChunked(y, n, cvt, [&](int64_t o, int64_t m, auto* out) YS_INLINE_LAMBDA {
        const int64_t j = Vec ? o : 0;
        applyLoop<T, std::remove_pointer_t<decltype(out)>, Act, Vec>(x + o, out, m, mean + j, a + j, beta + j);
    });
}

// dx = a dz + k1 xhat + k0. Mode kStoredDz reads the dz that the first backward pass stored (fp32 input:
// dz and dx are the same buffer, each element read before it is overwritten, so no restrict on them);
// kRecomputeSilu / kRecomputeIdentity evaluate dz again from x and dy (bf16 input: re-reading 4 bytes per
// value is cheaper than writing and reading an fp32 dz buffer, 8 bytes and more).
enum GradInputMode { kStoredDz, kRecomputeSilu, kRecomputeIdentity };

template <class T, class TOut, bool Vec, int Mode>
YS_INLINE void gradInputLoop(const float* dz, const T* __restrict dy, const T* __restrict x, TOut* dx, int64_t n,
                             const float* mean, const float* rstd, const float* a, const float* beta, const float* k1,
                             const float* k0)
{
#pragma omp simd
    for (int64_t i = 0; i < n; ++i) {
        const int64_t j = Vec ? i : 0;
        const float xc = toFloat(x[i]) - mean[j];
        float d;
        if constexpr (Mode == kStoredDz)
            d = dz[i];
        else
            d = actBackward<Mode == kRecomputeSilu>(xc * a[j] + beta[j], toFloat(dy[i]));
        store(dx + i, a[j] * d + k1[j] * (xc * rstd[j]) + k0[j]);
    }
}

template <class T, bool Vec, int Mode>
YS_INLINE void gradInputSpan(const float* dz, const T* dy, const T* x, T* dx, int64_t n, const float* mean,
                             const float* rstd, const float* a, const float* beta, const float* k1, const float* k0,
                             Bf16Convert cvt)
{
    writeChunked(dx, n, cvt, [&](int64_t o, int64_t m, auto* out) YS_INLINE_LAMBDA {
        const int64_t j = Vec ? o : 0;
        gradInputLoop<T, std::remove_pointer_t<decltype(out)>, Vec, Mode>(Mode == kStoredDz ? dz + o : nullptr,
                                                                          dy + o, x + o, out, m, mean + j, rstd + j,
                                                                          a + j, beta + j, k1 + j, k0 + j);
    });
}

// NHWC kernels walk the [M, C] rows R at a time, as one flat span of up to L = R C values, against
// per-channel arrays repeated R times (length L). L is a multiple of 64, so short rows (C = 16, 32) still
// fill whole vectors instead of running the scalar remainder loop.

// Sums of (x - k) and (x - k)^2 over rows [r0, r1), added to sum / sq ([C]). k, accS, accQ: [L].
template <class T>
YS_INLINE void statsRows(const T* x, int64_t r0, int64_t r1, int64_t C, int64_t R, const float* k, float* accS,
                         float* accQ, double* sum, double* sq)
{
    const int64_t L = R * C;
    for (int64_t b = r0; b < r1; b += kBlockRows * R) {
        const int64_t e = std::min(r1, b + kBlockRows * R);
        std::fill(accS, accS + L, 0.0f);
        std::fill(accQ, accQ + L, 0.0f);
        for (int64_t r = b; r < e; r += R) {
            const T* span = x + r * C;
            const int64_t n = std::min(R, e - r) * C;
#pragma omp simd
            for (int64_t i = 0; i < n; ++i) {
                const float v = toFloat(span[i]) - k[i];
                accS[i] += v;
                accQ[i] += v * v;
            }
        }
        for (int64_t i = 0; i < L; ++i) {
            sum[i % C] += accS[i];
            sq[i % C] += accQ[i];
        }
    }
}

// Sums of (x - k) and (x - k)^2 over one channel of an NCHW tensor.
template <class T>
YS_INLINE void statsChannel(const T* x, int64_t N, int64_t C, int64_t HW, int64_t c, float k, double* sum,
                            double* sq)
{
    double s = 0, q = 0;
    for (int64_t n = 0; n < N; ++n) {
        const T* p = x + (n * C + c) * HW;
        for (int64_t b = 0; b < HW; b += kBlockElems) {
            const int64_t e = std::min(HW, b + kBlockElems);
            float fs = 0, fq = 0;
#pragma omp simd reduction(+ : fs, fq)
            for (int64_t i = b; i < e; ++i) {
                const float v = toFloat(p[i]) - k;
                fs += v;
                fq += v * v;
            }
            s += fs;
            q += fq;
        }
    }
    *sum = s;
    *sq = q;
}

// First backward pass over one span: dz = act'(z) dy, stored to dzOut when Store, and its sums
// sum dz -> accD, sum dz xhat -> accX (per element of the span when Vec, else reduced into accD[0], accX[0]).
template <class T, bool Act, bool Store, bool Vec>
YS_INLINE void gradSumsSpan(const T* __restrict x, const T* __restrict dy, float* __restrict dzOut, int64_t n,
                            const float* mean, const float* rstd, const float* a, const float* beta, float* accD,
                            float* accX)
{
    if constexpr (Vec) {
#pragma omp simd
        for (int64_t i = 0; i < n; ++i) {
            const float xc = toFloat(x[i]) - mean[i];
            const float dz = actBackward<Act>(xc * a[i] + beta[i], toFloat(dy[i]));
            if constexpr (Store)
                dzOut[i] = dz;
            accD[i] += dz;
            accX[i] += dz * (xc * rstd[i]);
        }
    } else {
        const float m = mean[0], r = rstd[0], g = a[0], b = beta[0];
        float d = 0, dx = 0;
#pragma omp simd reduction(+ : d, dx)
        for (int64_t i = 0; i < n; ++i) {
            const float xc = toFloat(x[i]) - m;
            const float dz = actBackward<Act>(xc * g + b, toFloat(dy[i]));
            if constexpr (Store)
                dzOut[i] = dz;
            d += dz;
            dx += dz * (xc * r);
        }
        accD[0] += d;
        accX[0] += dx;
    }
}

// Sums of dz and dz * xhat over rows [r0, r1) (NHWC), added to sdz / sdzx ([C]). Constants, acc*: [L].
template <class T, bool Act, bool Store>
YS_INLINE void gradSumsRows(const T* x, const T* dy, float* dz, int64_t r0, int64_t r1, int64_t C, int64_t R,
                            const float* mean, const float* rstd, const float* a, const float* beta, float* accD,
                            float* accX, double* sdz, double* sdzx)
{
    const int64_t L = R * C;
    for (int64_t b = r0; b < r1; b += kBlockRows * R) {
        const int64_t e = std::min(r1, b + kBlockRows * R);
        std::fill(accD, accD + L, 0.0f);
        std::fill(accX, accX + L, 0.0f);
        for (int64_t r = b; r < e; r += R)
            gradSumsSpan<T, Act, Store, true>(x + r * C, dy + r * C, Store ? dz + r * C : nullptr,
                                              std::min(R, e - r) * C, mean, rstd, a, beta, accD, accX);
        for (int64_t i = 0; i < L; ++i) {
            sdz[i % C] += accD[i];
            sdzx[i % C] += accX[i];
        }
    }
}

template <class T, bool Act, bool Store>
YS_INLINE void gradSumsChannel(const T* x, const T* dy, float* dz, int64_t N, int64_t C, int64_t HW, int64_t c,
                               const float* mean, const float* rstd, const float* a, const float* beta, double* sdz,
                               double* sdzx)
{
    double s = 0, q = 0;
    for (int64_t n = 0; n < N; ++n) {
        const int64_t off = (n * C + c) * HW;
        for (int64_t b = 0; b < HW; b += kBlockElems) {
            float d = 0, dx = 0;
            gradSumsSpan<T, Act, Store, false>(x + off + b, dy + off + b, Store ? dz + off + b : nullptr,
                                               std::min(HW - b, kBlockElems), mean + c, rstd + c, a + c, beta + c,
                                               &d, &dx);
            s += d;
            q += dx;
        }
    }
    *sdz = s;
    *sdzx = q;
}

// Per-channel constants of one BatchNorm, fp32: [C] for NCHW, repeated to [L] for NHWC.
struct Consts {
    const float* mean;
    const float* rstd;
    const float* a;     // gamma * rstd
    const float* beta;
    const float* k1;    // backward only: -a * dgamma / M
    const float* k0;    // backward only: -a * dbeta / M
    Bf16Convert cvt;    // native float -> bf16 conversion, or null
};

// Instruction-set dispatch points. `x`, `y`, `dy`, `dx` point at float or bf16 data (flag isBf16); dz is fp32.

// scratch: [2 L] floats.
YS_KERNEL void statsNhwc(const void* x, bool isBf16, int64_t r0, int64_t r1, int64_t C, int64_t R, const float* k,
                         float* scratch, double* sum, double* sq)
{
    if (isBf16)
        statsRows(static_cast<const bf16*>(x), r0, r1, C, R, k, scratch, scratch + R * C, sum, sq);
    else
        statsRows(static_cast<const float*>(x), r0, r1, C, R, k, scratch, scratch + R * C, sum, sq);
}

YS_KERNEL void statsNchw(const void* x, bool isBf16, int64_t N, int64_t C, int64_t HW, int64_t c, float k,
                         double* sum, double* sq)
{
    if (isBf16)
        statsChannel(static_cast<const bf16*>(x), N, C, HW, c, k, sum, sq);
    else
        statsChannel(static_cast<const float*>(x), N, C, HW, c, k, sum, sq);
}

template <class T, bool Act>
YS_INLINE void applyNhwcT(const void* x, void* y, int64_t r0, int64_t r1, int64_t C, int64_t R, const Consts& k)
{
    const T* xp = static_cast<const T*>(x);
    T* yp = static_cast<T*>(y);
    for (int64_t r = r0; r < r1; r += R)
        applySpan<T, Act, true>(xp + r * C, yp + r * C, std::min(R, r1 - r) * C, k.mean, k.a, k.beta, k.cvt);
}

YS_KERNEL void applyNhwc(const void* x, void* y, bool isBf16, bool act, int64_t r0, int64_t r1, int64_t C,
                         int64_t R, const Consts& k)
{
    if (isBf16)
        act ? applyNhwcT<bf16, true>(x, y, r0, r1, C, R, k) : applyNhwcT<bf16, false>(x, y, r0, r1, C, R, k);
    else
        act ? applyNhwcT<float, true>(x, y, r0, r1, C, R, k) : applyNhwcT<float, false>(x, y, r0, r1, C, R, k);
}

template <class T, bool Act>
YS_INLINE void applyNchwT(const void* x, void* y, int64_t p0, int64_t p1, int64_t C, int64_t HW, const Consts& k)
{
    const T* xp = static_cast<const T*>(x);
    T* yp = static_cast<T*>(y);
    for (int64_t p = p0; p < p1; ++p) {
        const int64_t c = p % C;
        applySpan<T, Act, false>(xp + p * HW, yp + p * HW, HW, k.mean + c, k.a + c, k.beta + c, k.cvt);
    }
}

YS_KERNEL void applyNchw(const void* x, void* y, bool isBf16, bool act, int64_t p0, int64_t p1, int64_t C,
                         int64_t HW, const Consts& k)
{
    if (isBf16)
        act ? applyNchwT<bf16, true>(x, y, p0, p1, C, HW, k) : applyNchwT<bf16, false>(x, y, p0, p1, C, HW, k);
    else
        act ? applyNchwT<float, true>(x, y, p0, p1, C, HW, k) : applyNchwT<float, false>(x, y, p0, p1, C, HW, k);
}

template <class T, bool Act, bool Store>
YS_INLINE void gradSumsNhwcT(const void* x, const void* dy, float* dz, int64_t r0, int64_t r1, int64_t C, int64_t R,
                             const Consts& k, float* scratch, double* sdz, double* sdzx)
{
    gradSumsRows<T, Act, Store>(static_cast<const T*>(x), static_cast<const T*>(dy), dz, r0, r1, C, R, k.mean, k.rstd,
                                k.a, k.beta, scratch, scratch + R * C, sdz, sdzx);
}

template <class T, bool Act, bool Store>
YS_INLINE void gradSumsNchwT(const void* x, const void* dy, float* dz, int64_t N, int64_t C, int64_t HW, int64_t c,
                             const Consts& k, double* sdz, double* sdzx)
{
    gradSumsChannel<T, Act, Store>(static_cast<const T*>(x), static_cast<const T*>(dy), dz, N, C, HW, c, k.mean,
                                   k.rstd, k.a, k.beta, sdz, sdzx);
}

// The flag combinations are spelled out (no generic lambda here): a lambda that is not YS_INLINE_LAMBDA is
// compiled for the default instruction set, not for the clone that calls it. Only combinations backward() can ask for are
// instantiated: bf16 never stores dz (its second pass recomputes it), fp32 stores it when dx is wanted.
#define YS_GRAD_SUMS_DISPATCH(fn, ...)                                                                            \
    do {                                                                                                          \
        if (isBf16)                                                                                               \
            act ? fn<bf16, true, false>(__VA_ARGS__) : fn<bf16, false, false>(__VA_ARGS__);                       \
        else if (dz)                                                                                              \
            act ? fn<float, true, true>(__VA_ARGS__) : fn<float, false, true>(__VA_ARGS__);                       \
        else                                                                                                      \
            act ? fn<float, true, false>(__VA_ARGS__) : fn<float, false, false>(__VA_ARGS__);                     \
    } while (false)

// dz: where to store dz ([M C] floats, same element order as x), or null when the second pass recomputes it.
YS_KERNEL void gradSumsNhwc(const void* x, const void* dy, float* dz, bool isBf16, bool act, int64_t r0, int64_t r1,
                            int64_t C, int64_t R, const Consts& k, float* scratch, double* sdz, double* sdzx)
{
    YS_GRAD_SUMS_DISPATCH(gradSumsNhwcT, x, dy, dz, r0, r1, C, R, k, scratch, sdz, sdzx);
}

YS_KERNEL void gradSumsNchw(const void* x, const void* dy, float* dz, bool isBf16, bool act, int64_t N, int64_t C,
                            int64_t HW, int64_t c, const Consts& k, double* sdz, double* sdzx)
{
    YS_GRAD_SUMS_DISPATCH(gradSumsNchwT, x, dy, dz, N, C, HW, c, k, sdz, sdzx);
}
#undef YS_GRAD_SUMS_DISPATCH

template <class T, int Mode>
YS_INLINE void gradInputNhwcT(const float* dz, const void* dy, const void* x, void* dx, int64_t r0, int64_t r1,
                              int64_t C, int64_t R, const Consts& k)
{
    const T* gp = static_cast<const T*>(dy);
    const T* xp = static_cast<const T*>(x);
    T* op = static_cast<T*>(dx);
    for (int64_t r = r0; r < r1; r += R)
        gradInputSpan<T, true, Mode>(Mode == kStoredDz ? dz + r * C : nullptr, gp + r * C, xp + r * C, op + r * C,
                                     std::min(R, r1 - r) * C, k.mean, k.rstd, k.a, k.beta, k.k1, k.k0, k.cvt);
}

template <class T, int Mode>
YS_INLINE void gradInputNchwT(const float* dz, const void* dy, const void* x, void* dx, int64_t p0, int64_t p1,
                              int64_t C, int64_t HW, const Consts& k)
{
    const T* gp = static_cast<const T*>(dy);
    const T* xp = static_cast<const T*>(x);
    T* op = static_cast<T*>(dx);
    for (int64_t p = p0; p < p1; ++p) {
        const int64_t c = p % C;
        gradInputSpan<T, false, Mode>(Mode == kStoredDz ? dz + p * HW : nullptr, gp + p * HW, xp + p * HW, op + p * HW,
                                      HW, k.mean + c, k.rstd + c, k.a + c, k.beta + c, k.k1 + c, k.k0 + c, k.cvt);
    }
}

// The pass runs only when dx is wanted, so fp32 always brings the dz that the first pass stored in dx's
// buffer and bf16 never does (see backward()).
#define YS_GRAD_INPUT_DISPATCH(fn, ...)                                                                           \
    do {                                                                                                          \
        TORCH_INTERNAL_ASSERT_DEBUG_ONLY(isBf16 == (dz == nullptr));                                              \
        if (!isBf16)                                                                                              \
            fn<float, kStoredDz>(__VA_ARGS__);                                                                    \
        else if (act)                                                                                             \
            fn<bf16, kRecomputeSilu>(__VA_ARGS__);                                                                \
        else                                                                                                      \
            fn<bf16, kRecomputeIdentity>(__VA_ARGS__);                                                            \
    } while (false)

// dz: what the first pass stored, or null to recompute it from dy.
YS_KERNEL void gradInputNhwc(const float* dz, const void* dy, const void* x, void* dx, bool isBf16, bool act,
                             int64_t r0, int64_t r1, int64_t C, int64_t R, const Consts& k)
{
    YS_GRAD_INPUT_DISPATCH(gradInputNhwcT, dz, dy, x, dx, r0, r1, C, R, k);
}

YS_KERNEL void gradInputNchw(const float* dz, const void* dy, const void* x, void* dx, bool isBf16, bool act,
                             int64_t p0, int64_t p1, int64_t C, int64_t HW, const Consts& k)
{
    YS_GRAD_INPUT_DISPATCH(gradInputNchwT, dz, dy, x, dx, p0, p1, C, HW, k);
}
#undef YS_GRAD_INPUT_DISPATCH

// Shape of a 4-d input seen as NHWC rows ([M, C], M = N H W) or NCHW planes ([N C, HW]).
struct Shape {
    bool nhwc;
    int64_t N, C, HW, M;
    int64_t R = 1;  // NHWC rows per flat span: R C is a multiple of 64
};

Shape shapeOf(const torch::Tensor& x)
{
    Shape s;
    // A tensor that is both (C == 1 or H W == 1) has the same memory either way.
    s.nhwc = x.is_contiguous(at::MemoryFormat::ChannelsLast);
    s.N = x.size(0);
    s.C = x.size(1);
    s.HW = x.size(2) * x.size(3);
    s.M = s.N * s.HW;
    if (s.nhwc)
        s.R = 64 / std::gcd<int64_t>(s.C, 64);
    return s;
}

// Number of tasks for a row-split reduction over `rows` rows of `C` channels.
int64_t reductionTasks(int64_t rows, int64_t C)
{
    const int64_t byWork = std::max<int64_t>(1, rows * C / kTaskElems);
    return std::min<int64_t>({byWork, static_cast<int64_t>(at::get_num_threads()), rows});
}

// Per-channel sums over an NHWC [M, C] matrix, split into a fixed number of row ranges (so the result does
// not depend on scheduling) with per-task double partials combined in order.
template <class Fn>  // fn(r0, r1, float* scratch[2 L], double* a[C], double* b[C])
void reduceRows(int64_t M, int64_t C, int64_t L, std::vector<double>& outA, std::vector<double>& outB, const Fn& fn)
{
    const int64_t tasks = reductionTasks(M, C);
    const int64_t rowsPerTask = (M + tasks - 1) / tasks;
    std::vector<double> part(static_cast<size_t>(tasks * 2 * C), 0.0);
    at::parallel_for(0, tasks, 1, [&](int64_t t0, int64_t t1) {
        std::vector<float> scratch(static_cast<size_t>(2 * L));
        for (int64_t t = t0; t < t1; ++t) {
            const int64_t r0 = t * rowsPerTask;
            const int64_t r1 = std::min(M, r0 + rowsPerTask);
            if (r0 < r1)
                fn(r0, r1, scratch.data(), &part[t * 2 * C], &part[t * 2 * C + C]);
        }
    });
    outA.assign(static_cast<size_t>(C), 0.0);
    outB.assign(static_cast<size_t>(C), 0.0);
    for (int64_t t = 0; t < tasks; ++t)
        for (int64_t c = 0; c < C; ++c) {
            outA[c] += part[t * 2 * C + c];
            outB[c] += part[t * 2 * C + C + c];
        }
}

// v[i % C] for i < R C.
std::vector<float> repeatRows(const float* v, int64_t C, int64_t R)
{
    std::vector<float> out(static_cast<size_t>(R * C));
    for (int64_t i = 0; i < R * C; ++i)
        out[i] = v[i % C];
    return out;
}

float firstValue(const torch::Tensor& x, bool isBf16, int64_t index)
{
    return isBf16 ? toFloat(static_cast<const bf16*>(x.data_ptr())[index])
                  : static_cast<const float*>(x.data_ptr())[index];
}

class BnActFunction : public torch::autograd::Function<BnActFunction> {
public:
    // momentum: the running-average factor for this call (already resolved like BatchNorm2d::forward does).
    static torch::Tensor forward(torch::autograd::AutogradContext* ctx, const torch::Tensor& x,
                                 const torch::Tensor& weight, const torch::Tensor& bias, const torch::Tensor& runningMean,
                                 const torch::Tensor& runningVar, double momentum, double eps, bool act)
    {
        RECORD_FUNCTION("ys::batch_norm_act", std::vector<c10::IValue>());
        const Shape s = shapeOf(x);
        const bool isBf16 = x.scalar_type() == torch::kBFloat16;
        const Bf16Convert cvt = isBf16 ? bf16Converter() : nullptr;
        const void* xp = x.data_ptr();
        const int64_t C = s.C;

        // Sums are taken relative to one sample per channel, which keeps E[v^2] - E[v]^2 accurate when the
        // mean is large against the spread.
        std::vector<float> shift(static_cast<size_t>(C));
        for (int64_t c = 0; c < C; ++c)
            shift[c] = firstValue(x, isBf16, s.nhwc ? c : c * s.HW);
        std::vector<double> sum, sq;
        if (s.nhwc) {
            const std::vector<float> shiftL = repeatRows(shift.data(), C, s.R);
            reduceRows(s.M, C, s.R * C, sum, sq, [&](int64_t r0, int64_t r1, float* scratch, double* a, double* b) {
                statsNhwc(xp, isBf16, r0, r1, C, s.R, shiftL.data(), scratch, a, b);
            });
        } else {
            sum.assign(static_cast<size_t>(C), 0.0);
            sq.assign(static_cast<size_t>(C), 0.0);
            at::parallel_for(0, C, 1, [&](int64_t c0, int64_t c1) {
                for (int64_t c = c0; c < c1; ++c)
                    statsNchw(xp, isBf16, s.N, C, s.HW, c, shift[c], &sum[c], &sq[c]);
            });
        }

        auto opts = torch::TensorOptions().dtype(torch::kFloat);
        torch::Tensor mean = torch::empty({C}, opts), rstd = torch::empty({C}, opts);
        std::vector<float> a(static_cast<size_t>(C));
        float* meanP = mean.data_ptr<float>();
        float* rstdP = rstd.data_ptr<float>();
        const float* w = weight.data_ptr<float>();
        float* rm = runningMean.data_ptr<float>();
        float* rv = runningVar.data_ptr<float>();
        const double M = static_cast<double>(s.M);
        for (int64_t c = 0; c < C; ++c) {
            const double d = sum[c] / M;
            const double m = shift[c] + d;
            const double var = std::max(0.0, sq[c] / M - d * d);
            const double r = 1.0 / std::sqrt(var + eps);
            meanP[c] = static_cast<float>(m);
            rstdP[c] = static_cast<float>(r);
            a[c] = w[c] * rstdP[c];
            rm[c] = static_cast<float>((1.0 - momentum) * rm[c] + momentum * m);
            rv[c] = static_cast<float>((1.0 - momentum) * rv[c] + momentum * var * M / (M - 1.0));
        }
        torch::autograd::impl::bump_version(runningMean);
        torch::autograd::impl::bump_version(runningVar);

        torch::Tensor y = torch::empty_like(x);
        void* yp = y.data_ptr();
        if (s.nhwc) {
            const auto meanL = repeatRows(meanP, C, s.R), aL = repeatRows(a.data(), C, s.R),
                       betaL = repeatRows(bias.data_ptr<float>(), C, s.R);
            const Consts k{meanL.data(), nullptr, aL.data(), betaL.data(), nullptr, nullptr, cvt};
            at::parallel_for(0, s.M, std::max<int64_t>(1, kTaskElems / C), [&](int64_t r0, int64_t r1) {
                applyNhwc(xp, yp, isBf16, act, r0, r1, C, s.R, k);
            });
        } else {
            const Consts k{meanP, rstdP, a.data(), bias.data_ptr<float>(), nullptr, nullptr, cvt};
            at::parallel_for(0, s.N * C, std::max<int64_t>(1, kTaskElems / s.HW), [&](int64_t p0, int64_t p1) {
                applyNchw(xp, yp, isBf16, act, p0, p1, C, s.HW, k);
            });
        }

        ctx->save_for_backward({x, weight, bias});
        ctx->saved_data["mean"] = mean;
        ctx->saved_data["rstd"] = rstd;
        ctx->saved_data["act"] = act;
        return y;
    }

    static torch::autograd::variable_list backward(torch::autograd::AutogradContext* ctx,
                                                   torch::autograd::variable_list grads)
    {
        // The gradients below are computed by raw kernels, so they carry no graph of their own.
        TORCH_CHECK(!torch::GradMode::is_enabled(),
                    "ys::batchNormAct (fused BatchNorm + SiLU) does not support double backward "
                    "(create_graph=true); disable it with setFusedBnActEnabled(false) or YS_FUSED_BN_ACT=0");
        RECORD_FUNCTION("ys::batch_norm_act_backward", std::vector<c10::IValue>());
        const auto saved = ctx->get_saved_variables();
        const torch::Tensor& x = saved[0];
        const torch::Tensor& weight = saved[1];
        const torch::Tensor& bias = saved[2];
        const torch::Tensor mean = ctx->saved_data["mean"].toTensor();
        const torch::Tensor rstd = ctx->saved_data["rstd"].toTensor();
        const bool act = ctx->saved_data["act"].toBool();
        const torch::Tensor none;
        if (!grads[0].defined())
            return {none, none, none, none, none, none, none, none};

        const Shape s = shapeOf(x);
        const int64_t C = s.C;
        const bool isBf16 = x.scalar_type() == torch::kBFloat16;
        const Bf16Convert cvt = isBf16 ? bf16Converter() : nullptr;
        const torch::Tensor dy = grads[0].to(x.scalar_type()).contiguous(
            s.nhwc ? at::MemoryFormat::ChannelsLast : at::MemoryFormat::Contiguous);
        const void* xp = x.data_ptr();
        const void* gp = dy.data_ptr();
        std::vector<float> a(static_cast<size_t>(C));
        for (int64_t c = 0; c < C; ++c)
            a[c] = weight.data_ptr<float>()[c] * rstd.data_ptr<float>()[c];
        // [C] for NCHW (R = 1), repeated to [R C] for NHWC.
        const auto meanL = repeatRows(mean.data_ptr<float>(), C, s.R), rstdL = repeatRows(rstd.data_ptr<float>(), C, s.R),
                   aL = repeatRows(a.data(), C, s.R), betaL = repeatRows(bias.data_ptr<float>(), C, s.R);
        Consts k{meanL.data(), rstdL.data(), aL.data(), betaL.data(), nullptr, nullptr, cvt};

        // fp32: the first pass stores dz in dx's buffer so the second does not evaluate the sigmoid again.
        // bf16: the second pass recomputes it (see GradInputMode).
        const bool wantDx = ctx->needs_input_grad(0);
        torch::Tensor dx;
        float* dzp = nullptr;
        if (wantDx) {
            dx = torch::empty_like(x);
            if (!isBf16)
                dzp = dx.data_ptr<float>();
        }
        std::vector<double> sdz, sdzx;
        if (s.nhwc) {
            reduceRows(s.M, C, s.R * C, sdz, sdzx,
                       [&](int64_t r0, int64_t r1, float* scratch, double* sumDz, double* sumDzXhat) {
                           gradSumsNhwc(xp, gp, dzp, isBf16, act, r0, r1, C, s.R, k, scratch, sumDz, sumDzXhat);
                       });
        } else {
            sdz.assign(static_cast<size_t>(C), 0.0);
            sdzx.assign(static_cast<size_t>(C), 0.0);
            at::parallel_for(0, C, 1, [&](int64_t c0, int64_t c1) {
                for (int64_t c = c0; c < c1; ++c)
                    gradSumsNchw(xp, gp, dzp, isBf16, act, s.N, C, s.HW, c, k, &sdz[c], &sdzx[c]);
            });
        }

        auto opts = torch::TensorOptions().dtype(torch::kFloat);
        torch::Tensor dgamma = torch::empty({C}, opts), dbeta = torch::empty({C}, opts);
        for (int64_t c = 0; c < C; ++c) {
            dgamma.data_ptr<float>()[c] = static_cast<float>(sdzx[c]);
            dbeta.data_ptr<float>()[c] = static_cast<float>(sdz[c]);
        }

        if (wantDx) {
            std::vector<float> k1(static_cast<size_t>(C)), k0(static_cast<size_t>(C));
            const double M = static_cast<double>(s.M);
            for (int64_t c = 0; c < C; ++c) {
                k1[c] = static_cast<float>(-a[c] * sdzx[c] / M);
                k0[c] = static_cast<float>(-a[c] * sdz[c] / M);
            }
            const auto k1L = repeatRows(k1.data(), C, s.R), k0L = repeatRows(k0.data(), C, s.R);
            k.k1 = k1L.data();
            k.k0 = k0L.data();
            void* dxp = dx.data_ptr();
            if (s.nhwc) {
                at::parallel_for(0, s.M, std::max<int64_t>(1, kTaskElems / C), [&](int64_t r0, int64_t r1) {
                    gradInputNhwc(dzp, gp, xp, dxp, isBf16, act, r0, r1, C, s.R, k);
                });
            } else {
                at::parallel_for(0, s.N * C, std::max<int64_t>(1, kTaskElems / s.HW), [&](int64_t p0, int64_t p1) {
                    gradInputNchw(dzp, gp, xp, dxp, isBf16, act, p0, p1, C, s.HW, k);
                });
            }
        }
        return {dx,
                ctx->needs_input_grad(1) ? dgamma : none,
                ctx->needs_input_grad(2) ? dbeta : none,
                none, none, none, none, none};
    }
};

bool isFp32CpuVector(const torch::Tensor& t, int64_t n)
{
    return t.defined() && t.device().is_cpu() && t.scalar_type() == torch::kFloat && t.layout() == torch::kStrided &&
           t.dim() == 1 && t.numel() == n && t.is_contiguous();
}

std::atomic<bool>& enabledFlag()
{
    static std::atomic<bool> flag{[] {
        const char* v = std::getenv("YS_FUSED_BN_ACT");
        return !(v && std::string(v) == "0");
    }()};
    return flag;
}

}  // namespace fusedbn

bool fusedBnActEnabled() { return fusedbn::enabledFlag().load(std::memory_order_relaxed); }

void setFusedBnActEnabled(bool enabled) { fusedbn::enabledFlag().store(enabled, std::memory_order_relaxed); }

bool setFusedBnActNativeBf16(bool allowed)
{
    fusedbn::nativeBf16Allowed.store(allowed, std::memory_order_relaxed);
    return fusedbn::bf16Converter() != nullptr;
}

bool fusedBnActApplies(const torch::Tensor& x, const torch::nn::BatchNorm2dImpl& bn)
{
    if (!fusedBnActEnabled() || !bn.is_training() || !bn.options.affine() || !bn.options.track_running_stats())
        return false;
    if (!x.defined() || !x.device().is_cpu() || x.layout() != torch::kStrided || x.dim() != 4)
        return false;
    if (x.scalar_type() != torch::kFloat && x.scalar_type() != torch::kBFloat16)
        return false;
    const int64_t C = x.size(1);
    // A single value per channel is an error in torch's BatchNorm; let it raise that error.
    if (x.numel() == 0 || x.numel() / C <= 1)
        return false;
    if (!x.is_contiguous(at::MemoryFormat::ChannelsLast) && !x.is_contiguous())
        return false;
    if (!bn.num_batches_tracked.defined() || !bn.num_batches_tracked.device().is_cpu())
        return false;
    return fusedbn::isFp32CpuVector(bn.weight, C) && fusedbn::isFp32CpuVector(bn.bias, C) &&
           fusedbn::isFp32CpuVector(bn.running_mean, C) && fusedbn::isFp32CpuVector(bn.running_var, C);
}

torch::Tensor batchNormAct(const torch::Tensor& x, torch::nn::BatchNorm2dImpl& bn, bool act)
{
    if (!fusedBnActApplies(x, bn)) {
        torch::Tensor y = bn.forward(x);
        return act ? torch::silu(y) : y;
    }
    // As BatchNorm2d::forward: count the batch, then use momentum or, when unset, the cumulative average.
    double factor = 0.0;
    {
        torch::NoGradGuard ng;
        bn.num_batches_tracked.add_(1);
    }
    if (bn.options.momentum().has_value())
        factor = bn.options.momentum().value();
    else
        factor = 1.0 / static_cast<double>(bn.num_batches_tracked.item<int64_t>());
    return fusedbn::BnActFunction::apply(x, bn.weight, bn.bias, bn.running_mean, bn.running_var, factor,
                                         bn.options.eps(), act);
}

}  // namespace ys
