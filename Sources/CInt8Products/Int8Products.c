#include "CInt8Products.h"

#include <math.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define SNLU_VNNI 1
#include <immintrin.h>
#endif

enum { BLOCK = 32, TOKENS = 14 };

static int pad(int v, int to) { return (v + to - 1) / to * to; }

size_t snlu_int8_packed_count(int n, int k) { return (size_t)pad(n, BLOCK) * (size_t)pad(k, 4); }

int snlu_int8_row_stride(int k) { return pad(k, 4); }

void snlu_int8_pack(int n, int k, const int8_t *rows, int8_t *packed, int32_t *sums) {
    int k4 = pad(k, 4) / 4;
    memset(packed, 0, snlu_int8_packed_count(n, k));
    for (int j = 0; j < n; j++) {
        int32_t sum = 0;
        int8_t *block = packed + (size_t)(j / BLOCK) * BLOCK * 4 * k4 + (j % BLOCK) * 4;
        for (int i = 0; i < k; i++) {
            int8_t v = rows[(size_t)j * k + i];
            block[(size_t)(i / 4) * BLOCK * 4 + i % 4] = v;
            sum += v;
        }
        sums[j] = sum;
    }
}

/// Quantizes one row. Rounding half to even by adding and subtracting 1.5 * 2^23 (exact for
/// |v| <= 127): the same result as rint, without a library call, so the loop vectorises.
static inline void quantize_row(int k, int stride, const float *row, uint8_t *out, float *scale_out) {
    float largest = 0;
    for (int i = 0; i < k; i++) largest = fmaxf(largest, fabsf(row[i]));
    float scale = largest > 0 ? largest / 127.0f : 1.0f;
    for (int i = 0; i < k; i++) {
        float q = (row[i] / scale + 12582912.0f) - 12582912.0f;
        q = fminf(127.0f, fmaxf(-127.0f, q));
        out[i] = (uint8_t)((int)q + 128);
    }
    for (int i = k; i < stride; i++) out[i] = 128;
    *scale_out = scale;
}

static void quantize_portable(int m, int k, const float *x, uint8_t *codes, float *scales) {
    int stride = pad(k, 4);
    for (int r = 0; r < m; r++) quantize_row(k, stride, x + (size_t)r * k, codes + (size_t)r * stride, scales + r);
}

#ifdef SNLU_VNNI
/// The same loop compiled for AVX-512: the same IEEE operations, sixteen at a time.
__attribute__((target("avx512f,avx512bw,avx512vnni")))
static void quantize_vnni(int m, int k, const float *x, uint8_t *codes, float *scales) {
    int stride = pad(k, 4);
    for (int r = 0; r < m; r++) quantize_row(k, stride, x + (size_t)r * k, codes + (size_t)r * stride, scales + r);
}
#endif

int snlu_int8_uses_vnni(void);

void snlu_int8_quantize_rows(int m, int k, const float *x, uint8_t *codes, float *scales) {
#ifdef SNLU_VNNI
    if (snlu_int8_uses_vnni()) {
        quantize_vnni(m, k, x, codes, scales);
        return;
    }
#endif
    quantize_portable(m, k, x, codes, scales);
}

/// One output's value from its exact integer sum: the same float operations on every path.
static inline float finish(int32_t total, int32_t sum, float rowScale, float weightScale, float bias) {
    return fmaf((float)(total - 128 * sum) * rowScale, weightScale, bias);
}

/// The portable loops: per block of 32 outputs and row, 32 integer sums over the packed groups.
/// Always inlined, so each caller compiled for other instructions vectorises it for those.
__attribute__((always_inline)) static inline void product_loops(int m, int n, int k, const uint8_t *codes, const float *rowScales,
                             const int8_t *packed, const int32_t *sums, const float *weightScales,
                             const float *bias, float *c) {
    int k4 = pad(k, 4) / 4, stride = pad(k, 4);
    for (int j = 0; j < n; j += BLOCK) {
        const int8_t *block = packed + (size_t)j * 4 * k4;
        int outputs = n - j < BLOCK ? n - j : BLOCK;
        for (int r = 0; r < m; r++) {
            const uint8_t *a = codes + (size_t)r * stride;
            int32_t acc[BLOCK] = {0};
            for (int t = 0; t < k4; t++) {
                const int8_t *w = block + (size_t)t * BLOCK * 4;
                for (int q = 0; q < BLOCK; q++) {
                    acc[q] += (int32_t)a[4 * t] * w[4 * q] + (int32_t)a[4 * t + 1] * w[4 * q + 1]
                        + (int32_t)a[4 * t + 2] * w[4 * q + 2] + (int32_t)a[4 * t + 3] * w[4 * q + 3];
                }
            }
            for (int q = 0; q < outputs; q++) {
                c[(size_t)r * n + j + q] = finish(acc[q], sums[j + q], rowScales[r], weightScales[j + q], bias[j + q]);
            }
        }
    }
}

static void product_portable(int m, int n, int k, const uint8_t *codes, const float *rowScales,
                             const int8_t *packed, const int32_t *sums, const float *weightScales,
                             const float *bias, float *c) {
    product_loops(m, n, k, codes, rowScales, packed, sums, weightScales, bias, c);
}

#ifdef SNLU_VNNI
/// The portable loops compiled for AVX2 and FMA, for x86 processors without VNNI: about six
/// times faster than for the x86-64 baseline (whose fmaf is a library call), the same results.
__attribute__((target("avx2,fma")))
static void product_avx2(int m, int n, int k, const uint8_t *codes, const float *rowScales,
                         const int8_t *packed, const int32_t *sums, const float *weightScales,
                         const float *bias, float *c) {
    product_loops(m, n, k, codes, rowScales, packed, sums, weightScales, bias, c);
}

/// Up to TOKENS rows against one block of 32 outputs: each group of four inputs of a row is
/// broadcast and multiplied with the block's two 64-byte vectors (16 outputs x 4 inputs each).
__attribute__((target("avx512f,avx512bw,avx512vnni")))
static void block_vnni(int rows, int k4, int stride, const uint8_t *a, const int8_t *block, __m512i *acc0, __m512i *acc1) {
    for (int r = 0; r < rows; r++) { acc0[r] = _mm512_setzero_si512(); acc1[r] = _mm512_setzero_si512(); }
    for (int t = 0; t < k4; t++) {
        __m512i w0 = _mm512_loadu_si512(block + (size_t)t * 128), w1 = _mm512_loadu_si512(block + (size_t)t * 128 + 64);
        for (int r = 0; r < rows; r++) {
            int32_t four;
            memcpy(&four, a + (size_t)r * stride + 4 * t, 4);
            __m512i x = _mm512_set1_epi32(four);
            acc0[r] = _mm512_dpbusd_epi32(acc0[r], x, w0);
            acc1[r] = _mm512_dpbusd_epi32(acc1[r], x, w1);
        }
    }
}

__attribute__((target("avx512f,avx512bw,avx512vnni")))
static void product_vnni(int m, int n, int k, const uint8_t *codes, const float *rowScales,
                         const int8_t *packed, const int32_t *sums, const float *weightScales,
                         const float *bias, float *c) {
    int k4 = pad(k, 4) / 4, stride = pad(k, 4);
    for (int j = 0; j < n; j += BLOCK) {
        const int8_t *block = packed + (size_t)j * 4 * k4;
        int outputs = n - j < BLOCK ? n - j : BLOCK;
        __mmask16 m0 = outputs >= 16 ? 0xFFFF : (__mmask16)((1u << outputs) - 1);
        __mmask16 m1 = outputs >= 32 ? 0xFFFF : outputs <= 16 ? 0 : (__mmask16)((1u << (outputs - 16)) - 1);
        __m512i s0 = _mm512_mullo_epi32(_mm512_maskz_loadu_epi32(m0, sums + j), _mm512_set1_epi32(128));
        __m512i s1 = _mm512_mullo_epi32(_mm512_maskz_loadu_epi32(m1, sums + j + 16), _mm512_set1_epi32(128));
        __m512 ws0 = _mm512_maskz_loadu_ps(m0, weightScales + j), ws1 = _mm512_maskz_loadu_ps(m1, weightScales + j + 16);
        __m512 b0 = _mm512_maskz_loadu_ps(m0, bias + j), b1 = _mm512_maskz_loadu_ps(m1, bias + j + 16);
        for (int i = 0; i < m; i += TOKENS) {
            int rows = m - i < TOKENS ? m - i : TOKENS;
            __m512i acc0[TOKENS], acc1[TOKENS];
            block_vnni(rows, k4, stride, codes + (size_t)i * stride, block, acc0, acc1);
            for (int r = 0; r < rows; r++) {
                __m512 scale = _mm512_set1_ps(rowScales[i + r]);
                __m512 v0 = _mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_sub_epi32(acc0[r], s0)), scale);
                __m512 v1 = _mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_sub_epi32(acc1[r], s1)), scale);
                float *out = c + (size_t)(i + r) * n + j;
                _mm512_mask_storeu_ps(out, m0, _mm512_fmadd_ps(v0, ws0, b0));
                _mm512_mask_storeu_ps(out + 16, m1, _mm512_fmadd_ps(v1, ws1, b1));
            }
        }
    }
}
#endif

int snlu_int8_uses_vnni(void) {
#ifdef SNLU_VNNI
    return __builtin_cpu_supports("avx512vnni") && __builtin_cpu_supports("avx512bw") ? 1 : 0;
#else
    return 0;
#endif
}

void snlu_int8_product(int m, int n, int k, const uint8_t *codes, const float *rowScales,
                       const int8_t *packed, const int32_t *sums, const float *weightScales,
                       const float *bias, float *c) {
#ifdef SNLU_VNNI
    if (snlu_int8_uses_vnni()) {
        product_vnni(m, n, k, codes, rowScales, packed, sums, weightScales, bias, c);
        return;
    }
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        product_avx2(m, n, k, codes, rowScales, packed, sums, weightScales, bias, c);
        return;
    }
#endif
    product_portable(m, n, k, codes, rowScales, packed, sums, weightScales, bias, c);
}
