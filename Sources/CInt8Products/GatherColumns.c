#include "CInt8Products.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define SNLU_AVX2_GATHER 1
#include <immintrin.h>
#endif

static inline void gather_row(const float *from, const int32_t *columns, long k, long count, int32_t limit, float *to) {
    for (; k < count; k++) {
        int32_t c = columns[k];
        if (c < limit) to[k] = from[c];
    }
}

#ifdef SNLU_AVX2_GATHER
/// The first `8 * floor(count / 8)` columns of a row: lanes whose column is at or past `limit`
/// keep the target's float (masked gather from the target's own value).
__attribute__((target("avx2")))
static long gather_row_avx2(const float *from, const int32_t *columns, long count, int32_t limit, float *to) {
    const __m256i bound = _mm256_set1_epi32(limit);
    long k = 0;
    for (; k + 8 <= count; k += 8) {
        __m256i c = _mm256_loadu_si256((const __m256i *)(columns + k));
        __m256 inside = _mm256_castsi256_ps(_mm256_cmpgt_epi32(bound, c));
        __m256 kept = _mm256_loadu_ps(to + k);
        _mm256_storeu_ps(to + k, _mm256_mask_i32gather_ps(kept, from, c, inside, 4));
    }
    return k;
}
#endif

void snlu_gather_columns(const float *source, long rows, long width, const int32_t *columns, long count, int32_t limit,
                         float *target) {
#ifdef SNLU_AVX2_GATHER
    const int vector = snlu_viterbi_uses_avx2() && count >= 8;
#endif
    for (long r = 0; r < rows; r++) {
        const float *from = source + r * width;
        float *to = target + r * count;
        long k = 0;
#ifdef SNLU_AVX2_GATHER
        if (vector) k = gather_row_avx2(from, columns, count, limit, to);
#endif
        gather_row(from, columns, k, count, limit, to);
    }
}
