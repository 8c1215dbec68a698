#pragma once
// Small deterministic random generator for augmentation. Bit-identical on every platform and standard
// library (std:: distributions are not), so a seed reproduces the same batches everywhere.
// Not thread-safe: each sample derives its own Rng (see Rng::derive).

#include <cmath>
#include <cstdint>

namespace ys {

class Rng final {
public:
    explicit Rng(uint64_t seed = 0) { reseed(seed); }

    void reseed(uint64_t seed)
    {
        uint64_t x = seed;
        for (auto& w : s_) w = splitmix(x);
    }

    // Stream for one (seed, a, b) triple, e.g. (seed, epoch, position): independent of call order.
    static Rng derive(uint64_t seed, uint64_t a, uint64_t b = 0)
    {
        uint64_t x = seed ^ 0x9E3779B97F4A7C15ULL;
        uint64_t h = splitmix(x);
        x = h ^ (a * 0xD1B54A32D192ED03ULL);
        h = splitmix(x);
        x = h ^ (b * 0xABC98388FB8FAC03ULL);
        return Rng(splitmix(x));
    }

    // xoshiro256** step.
    uint64_t next()
    {
        const uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    // Uniform in [0, 1) with 53 random bits.
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    // Uniform in [a, b).
    double uniform(double a, double b) { return a + (b - a) * uniform(); }
    // Uniform integer in [0, n); n > 0. Lemire's multiply-shift (bias < 2^-32 for n < 2^32).
    uint32_t below(uint32_t n) { return static_cast<uint32_t>(((next() >> 32) * static_cast<uint64_t>(n)) >> 32); }
    // True with probability p.
    bool chance(double p) { return uniform() < p; }
    // Standard normal (Box-Muller, one value per call).
    double normal()
    {
        double u1 = uniform();
        while (u1 <= 0.0) u1 = uniform();
        const double u2 = uniform();
        return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
    }
    // Gamma(shape k >= 1, scale 1), Marsaglia-Tsang.
    double gamma(double k)
    {
        if (k < 1.0) return gamma(k + 1.0) * std::pow(uniform() + 1e-300, 1.0 / k);
        const double d = k - 1.0 / 3.0, c = 1.0 / std::sqrt(9.0 * d);
        for (;;) {
            double x, v;
            do {
                x = normal();
                v = 1.0 + c * x;
            } while (v <= 0.0);
            v = v * v * v;
            const double u = uniform();
            if (u < 1.0 - 0.0331 * x * x * x * x) return d * v;
            if (std::log(u + 1e-300) < 0.5 * x * x + d * (1.0 - v + std::log(v))) return d * v;
        }
    }
    // Beta(a, b) in (0, 1).
    double beta(double a, double b)
    {
        const double x = gamma(a), y = gamma(b);
        return x / (x + y);
    }

private:
    static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    static uint64_t splitmix(uint64_t& x)
    {
        uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    uint64_t s_[4];
};

}  // namespace ys
