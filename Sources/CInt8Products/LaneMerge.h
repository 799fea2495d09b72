#ifndef SNLU_LANE_MERGE_H
#define SNLU_LANE_MERGE_H

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#include <stdint.h>

/// Eight lanes' running bests (`laneBest`) and the pair index each took them at (`lanePair`,
/// −1 where a lane took none), merged against `*best`: a strictly higher score wins and, among
/// lanes of equal score, the earlier pair — what one loop over the pairs in order keeps. Returns
/// the winning pair, having stored its score in `*best`, or −1 when no lane beat `*best`.
__attribute__((target("avx2")))
static inline int32_t snlu_merge_lanes(__m256 laneBest, __m256i lanePair, float *best) {
    float bests[8];
    int32_t pairs[8];
    _mm256_storeu_ps(bests, laneBest);
    _mm256_storeu_si256((__m256i *)pairs, lanePair);
    float b = *best;
    int32_t p = -1;
    for (int j = 0; j < 8; j++) {
        if (pairs[j] < 0) continue;
        if (bests[j] > b || (bests[j] == b && p >= 0 && pairs[j] < p)) { b = bests[j]; p = pairs[j]; }
    }
    if (p >= 0) *best = b;
    return p;
}
#endif

#endif
