#include "CInt8Products.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define SNLU_AVX2_FILTER_HITS 1
#include <immintrin.h>
#endif

#ifdef SNLU_AVX2_FILTER_HITS
/// The first `4 * floor(count / 4)` words four at a time: a step's four bits land in one word
/// of `bits` (a step starts at a multiple of four). Returns where the rest begins.
__attribute__((target("avx2")))
static long filter_hits_avx2(const uint64_t *column, long count, uint64_t mask, uint64_t *bits, int *any) {
    const __m256i m = _mm256_set1_epi64x((long long)mask), zero = _mm256_setzero_si256();
    long j = 0;
    for (; j + 4 <= count; j += 4) {
        __m256i hit = _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_loadu_si256((const __m256i *)(column + j)), m), zero);
        unsigned set = ~(unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(hit)) & 0xFu;
        if (set) {
            bits[j >> 6] |= (uint64_t)set << (j & 63);
            *any = 1;
        }
    }
    return j;
}
#endif

int snlu_filter_hits(const uint64_t *column, long count, uint64_t mask, uint64_t *bits) {
    for (long w = 0; w < ((count + 63) >> 6); w++) bits[w] = 0;
    int any = 0;
    long j = 0;
#ifdef SNLU_AVX2_FILTER_HITS
    if (snlu_viterbi_uses_avx2()) j = filter_hits_avx2(column, count, mask, bits, &any);
#endif
    for (; j < count; j++) {
        if (column[j] & mask) {
            bits[j >> 6] |= (uint64_t)1 << (j & 63);
            any = 1;
        }
    }
    return any;
}
