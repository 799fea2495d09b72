#include "CInt8Products.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define SNLU_AVX2_BULK 1
#include <immintrin.h>
#endif

/// The exception at index `e` (two a byte, low nibble first) as its level.
static inline int exception_level(const uint8_t *exceptions, long e) {
    return (int)((exceptions[e >> 1] >> ((e & 1) * 4)) & 15) - 7;
}

/// Adds `(float)level * scale` of each escaped weight to its place in `target`, the escapes
/// found eight bytes of codes (32 weights) at a time and the levels taken from the list in order.
static void add_exceptions(const uint8_t *codes, long count, const uint8_t *exceptions, long first,
                           float scale, float *target) {
    long rowBytes = (count * 2 + 7) / 8, e = first;
    for (long at = 0; at < rowBytes; at += 8) {
        uint64_t x = 0;
        memcpy(&x, codes + at, rowBytes - at < 8 ? (size_t)(rowBytes - at) : 8);
        uint64_t escapes = x & (x >> 1) & 0x5555555555555555ULL;
        while (escapes) {
            long k = at * 4 + (__builtin_ctzll(escapes) >> 1);
            float w = (float)exception_level(exceptions, e) * scale;
            target[k] = target[k] + w;
            e++;
            escapes &= escapes - 1;
        }
    }
}

#ifdef SNLU_AVX2_BULK
/// Eight codes of `g` (a broadcast word of codes) from the places `places`: shifted, masked,
/// offset by `base - 1` to the level, converted, multiplied by the scale and added — a
/// multiplication and then an addition, never fused (no FMA in this target), so each weight is
/// rounded as `(float)level * scale` is. Lanes holding an escape keep the target's value.
__attribute__((target("avx2")))
static inline void add8(__m256i g, __m256i places, __m256i offset, __m256 s, float *target) {
    const __m256i three = _mm256_set1_epi32(3);
    __m256i c = _mm256_and_si256(_mm256_srlv_epi32(g, places), three);
    __m256 w = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_add_epi32(c, offset)), s);
    __m256 old = _mm256_loadu_ps(target);
    __m256 escaped = _mm256_castsi256_ps(_mm256_cmpeq_epi32(c, three));
    _mm256_storeu_ps(target, _mm256_blendv_ps(_mm256_add_ps(old, w), old, escaped));
}

/// Sixteen codes a step from one 32-bit word of the row, then eight from a 16-bit one; the
/// escaped weights are left for ``add_exceptions``. Returns the weights done (a multiple of 8),
/// having read no byte of codes past them.
__attribute__((target("avx2")))
static long add_avx2(const uint8_t *codes, long count, int base, float scale, float *target) {
    const __m256i low = _mm256_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14);
    const __m256i high = _mm256_setr_epi32(16, 18, 20, 22, 24, 26, 28, 30);
    const __m256i offset = _mm256_set1_epi32(base - 1);
    const __m256 s = _mm256_set1_ps(scale);
    long k = 0;
    for (; k + 16 <= count; k += 16) {
        uint32_t word;
        memcpy(&word, codes + k / 4, sizeof word);
        __m256i g = _mm256_set1_epi32((int)word);
        add8(g, low, offset, s, target + k);
        add8(g, high, offset, s, target + k + 8);
    }
    if (k + 8 <= count) {
        uint16_t half;
        memcpy(&half, codes + k / 4, sizeof half);
        add8(_mm256_set1_epi32((int)half), low, offset, s, target + k);
        k += 8;
    }
    return k;
}
#endif

int snlu_bulk2_uses_avx2(void) {
#ifdef SNLU_AVX2_BULK
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

void snlu_bulk2_add_portable(const uint8_t *codes, long count, int base, const uint8_t *exceptions, long first,
                             float scale, float *target) {
    long e = first;
    for (long k = 0; k < count; k++) {
        int code = (codes[k >> 2] >> ((k & 3) * 2)) & 3;
        int level = code == 3 ? exception_level(exceptions, e++) : base - 1 + code;
        float w = (float)level * scale;
        target[k] = target[k] + w;
    }
}

void snlu_bulk2_add(const uint8_t *codes, long count, int base, const uint8_t *exceptions, long first,
                    float scale, float *target) {
#ifdef SNLU_AVX2_BULK
    if (snlu_bulk2_uses_avx2()) {
        long k = add_avx2(codes, count, base, scale, target);
        for (; k < count; k++) {
            int code = (codes[k >> 2] >> ((k & 3) * 2)) & 3;
            if (code == 3) continue;
            float w = (float)(base - 1 + code) * scale;
            target[k] = target[k] + w;
        }
        add_exceptions(codes, count, exceptions, first, scale, target);
        return;
    }
#endif
    snlu_bulk2_add_portable(codes, count, base, exceptions, first, scale, target);
}
