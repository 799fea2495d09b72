#ifndef SKILLNLU_CINT8PRODUCTS_H
#define SKILLNLU_CINT8PRODUCTS_H

#include <stddef.h>
#include <stdint.h>

/// Matrix products of int8 weights with int8-quantized activations, for the sentence encoder's
/// dense layers at a few rows (one utterance is 10-20 tokens): the integer sums are exact, so
/// every machine computes the same numbers, and on x86 processors with AVX-512 VNNI they run
/// four int8 products per 32-bit lane and instruction.
///
/// Layout of packed weights: the output rows in blocks of 32 (the last padded with zero rows),
/// each block as `k4 = ceil(k / 4)` groups of 32 rows x 4 consecutive inputs (128 bytes).

/// The number of bytes the packed form of `n` rows of `k` int8 values takes.
size_t snlu_int8_packed_count(int n, int k);

/// The number of bytes a quantized activation row of `k` values takes (`k` rounded up to 4).
int snlu_int8_row_stride(int k);

/// Packs `n` rows of `k` int8 values (row-major) into `packed`
/// (`snlu_int8_packed_count(n, k)` bytes) and writes each row's sum to `sums` (`n` values).
void snlu_int8_pack(int n, int k, const int8_t *rows, int8_t *packed, int32_t *sums);

/// Quantizes `m` rows of `k` floats, each with its own scale (its largest magnitude / 127),
/// to codes `round(x / scale) + 128` (rows `snlu_int8_row_stride(k)` bytes apart, the padding
/// set to 128, the code of zero).
void snlu_int8_quantize_rows(int m, int k, const float *x, uint8_t *codes, float *scales);

/// `c` (m x n, row-major) = for each row i and output j:
/// `(sum over inputs of (codes[i] - 128) * weights[j]) * rowScales[i] * weightScales[j] + bias[j]`.
void snlu_int8_product(int m, int n, int k, const uint8_t *codes, const float *rowScales,
                       const int8_t *packed, const int32_t *sums, const float *weightScales,
                       const float *bias, float *c);

/// 1 when the products run on AVX-512 VNNI, 0 when on the portable loops (same results).
int snlu_int8_uses_vnni(void);

/// Adds weights `first ..< first + count` of a table of 3-bit codes (packed from the lowest bit
/// of each byte up, code `c` standing for level `c - 3`, followed by at least 8 bytes of
/// padding) times `scale` to `target[0 ..< count]`: each `(float)level * scale`, then added,
/// exactly as a loop over the levels does. Eight codes an instruction where AVX2 is present.
void snlu_packed3_add(const uint8_t *codes, long first, long count, float scale, float *target);

/// 1 when ``snlu_packed3_add`` runs on AVX2, 0 when on the portable loop (same results).
int snlu_packed3_uses_avx2(void);

/// Adds one row of `count` 2-bit codes around `base` (``BulkRows``' coding: four codes a byte
/// from the lowest bits up, code `c` < 3 standing for level `base - 1 + c`, code 3 for the next
/// level of the exception list) times `scale` to `target[0 ..< count]`: each
/// `(float)level * scale`, then added, exactly as a loop over the decoded levels does.
/// `exceptions` holds levels plus 7, two a byte (low nibble first); `first` is the row's first
/// exception's index, and at least 8 readable bytes must follow the list's last byte (it is
/// read eight bytes at a time). Reads no code byte past the row's `(count * 2 + 7) / 8`.
/// Sixteen codes a step where AVX2 is present, each escape's level picked in the same pass.
void snlu_bulk2_add(const uint8_t *codes, long count, int base, const uint8_t *exceptions, long first,
                    float scale, float *target);

/// ``snlu_bulk2_add`` on the portable loop, whatever the processor (the same results).
void snlu_bulk2_add_portable(const uint8_t *codes, long count, int base, const uint8_t *exceptions, long first,
                             float scale, float *target);

/// 1 when ``snlu_bulk2_add`` runs on AVX2, 0 when on the portable loop (same results).
int snlu_bulk2_uses_avx2(void);

/// Whether any of the first `count` 3-bit codes of `codes` (``snlu_packed3_add``'s packing,
/// `bytes` readable bytes) is 7, which no writer produces: what loading a table checks, 256
/// codes an iteration where AVX2 is present (the same answer).
int snlu_packed3_holds_sevens(const uint8_t *codes, long count, long bytes);

/// ``snlu_packed3_holds_sevens`` on the portable loop, whatever the processor (the same answer).
int snlu_packed3_holds_sevens_portable(const uint8_t *codes, long count, long bytes);

/// For a table of `rows` rows of `rowBytes` bytes of 2-bit codes (``snlu_bulk2_add``'s coding),
/// the number of escape codes (3) in the rows before each into `starts[row]` (truncated to 32
/// bits), and their total into `starts[rows]`; returns the total. Every code of a row's bytes
/// counts, those past its width too: a table with any there is refused. `unused` gets the OR of each
/// row's last byte shifted right by `usedBits` (the bits past a row's codes, which a writer
/// leaves zero; `usedBits` 0: the row fills its last byte). What loading a table checks and
/// keeps, with the processor's population count where it has one (the same results).
long snlu_bulk2_escape_starts(const uint8_t *codes, long rows, long rowBytes, int usedBits, int32_t *starts,
                              uint8_t *unused);

/// ``snlu_bulk2_escape_starts`` on the portable loop, whatever the processor (the same results).
long snlu_bulk2_escape_starts_portable(const uint8_t *codes, long rows, long rowBytes, int usedBits,
                                       int32_t *starts, uint8_t *unused);

/// Adds, for each `i < n`, row `rows[i]` of a table of signed levels (a byte a weight) times
/// its scale to `target[0 ..< width]`, the rows in the order listed: each `(float)level *
/// scale`, then added, exactly as a loop over the rows does. Row `r`'s `width` levels start at
/// `levels + r * stride` and its scale (a float, at any alignment) is at `scales + r *
/// scaleStride` bytes: a plain table has `stride` = `width` and its scales in an array of their
/// own (`scaleStride` 4); a table whose rows share records with another table's rows and their
/// scales (``FeatureRecords``) has a feature's weights on one or two cache lines, not one per
/// table and scale. One call for all of an utterance's rows of a table (eight levels an
/// instruction where AVX2 is present, the target's running sums kept in registers across the
/// rows). `readable` is how many bytes from `levels` may be read (the table and any bytes after
/// it): the vector loop reads a row's levels eight at a time and takes a copy of a row whose
/// reads would pass it.
void snlu_int8_add_strided_rows(const int8_t *levels, long width, long stride, long readable, const uint8_t *scales,
                                long scaleStride, const int32_t *rows, long n, float *target);

/// 1 when ``snlu_int8_add_strided_rows`` runs on AVX2, 0 when on the portable loop (same results).
int snlu_int8_rows_use_avx2(void);

/// ``snlu_int8_add_strided_rows`` on the portable loop, whatever the processor (the same results).
void snlu_int8_add_strided_rows_portable(const int8_t *levels, long width, long stride, const uint8_t *scales,
                                         long scaleStride, const int32_t *rows, long n, float *target);

/// ``snlu_packed3_add`` for rows `rows[0 ..< n]` of `width` (row `r` being codes
/// `r * width ..< (r + 1) * width`, scaled by `scales[r]`), added in the order listed to the
/// same `target[0 ..< width]`: the same floats as one call a row.
void snlu_packed3_add_rows(const uint8_t *codes, long width, const float *scales, const int32_t *rows, long n,
                           float *target);

/// ``snlu_bulk2_add`` for rows `rows[0 ..< n]` of `width` of a table of 2-bit codes
/// (`(width * 2 + 7) / 8` bytes a row from `codes`; row `r` around `bases[r]`, its first
/// exception `exceptionStarts[r]`, scaled by `scales[r]`), added in the order listed to the same
/// `target[0 ..< width]`: the same floats as one call a row.
void snlu_bulk2_add_rows(const uint8_t *codes, long width, const int8_t *bases, const uint8_t *exceptions,
                         const int32_t *exceptionStarts, const float *scales, const int32_t *rows, long n,
                         float *target);

/// Asks the processor to bring the cache line holding `p` in for reading, without waiting for
/// it: a gather of many table rows issues all their fetches first and sums them once they are
/// near, instead of waiting for each row's miss in turn.
static inline void snlu_prefetch(const void *p) { __builtin_prefetch(p, 0, 3); }

/// One step of Viterbi over a sparse label graph: for each of `labels` labels `k`, the best of
/// `previous[from[q]] + transitions[q]` over its incoming pairs `q` in
/// `incomingStart[k] ..< incomingStart[k + 1]` (on equal scores the first pair; with none above
/// minus infinity, label 0), written as `score[k] = best + emission[k]` and `back[k]` = the
/// label it came from. The same floats and choices as a loop over the pairs in order; the longer
/// incoming lists are read eight pairs at a time where AVX2 is present.
void snlu_viterbi_step(const float *previous, const float *transitions, const int32_t *from,
                       const int32_t *incomingStart, long labels, const float *emission, float *score, int32_t *back);

/// 1 when ``snlu_viterbi_step`` reads long incoming lists with AVX2, 0 when on the portable loop.
int snlu_viterbi_uses_avx2(void);

/// What the tokens after each token can add at most to a Viterbi path over `labels` labels:
/// `future[t]` = the sum, over tokens `u > t` from the last one back, of the largest
/// `emission[u * labels + k] + bestIncoming[k]`; `*largest` = the sum over tokens of the
/// largest emission in magnitude. Returns 0 when an emission is not a finite number (the
/// outputs then mean nothing), else 1. The same floats with or without AVX2 (maxima are exact
/// in any order; the sums run token by token).
int snlu_viterbi_bounds(const float *emission, const float *bestIncoming, long tokens, long labels,
                        float *future, float *largest);

/// The score of a greedy label path, summed as Viterbi sums it: the best of `start[k] +
/// emission[k]`, then at each token the best of `(score + pairScores[p]) + emission[t * labels +
/// to[p]]` over the pairs `p` in `outgoingStart[k] ..< outgoingStart[k + 1]` of the label `k`
/// before (the first of equal ones). The pairs a label leads on by must be that contiguous
/// range. Minus infinity when some label leads nowhere or no label starts.
float snlu_viterbi_greedy(const float *start, const float *emission, long tokens, long labels,
                          const float *pairScores, const int32_t *to, const int32_t *outgoingStart);

/// Pushes label `kp`'s score `from` along its pairs `first ..< end` (to distinct labels): for
/// each pair `p` into `j = to[p]` whose `s = from + pairScores[p]` is above `row[j]` and with
/// `s + emission[j] >= least`, `row[j] = s`, `back[j] = kp` and `j`'s bit set in `reached`.
/// The same stores as the loop over the pairs in order, eight pairs a step where AVX2 is present.
void snlu_viterbi_push(float from, int32_t kp, const float *pairScores, const int32_t *to, long first, long end,
                       const float *emission, float least, float *row, int32_t *back, uint64_t *reached);

/// Adds `count` half-precision weights (IEEE binary16 bit patterns) to `target[0 ..< count]`,
/// each widened to a float (exact) and then added: eight a step where AVX2 and F16C are
/// present, the same sums either way. Up to 7 halves past `row + count` must be readable (they
/// are read and ignored); nothing past `target + count` is read or written.
void snlu_half_row_add(const uint16_t *row, long count, float *target);

/// 1 when ``snlu_half_row_add`` runs on AVX2 and F16C, 0 when on the portable loop.
int snlu_half_row_uses_f16c(void);

/// One step of the scaled forward recursion over a sparse label graph whose incoming lists are
/// laid out in lanes: labels in blocks of eight (lane `i` holds label `order[i]`; `labels`
/// lanes in all, `blocks` = `ceil(labels / 8)`), block `b` taking `blockSteps[b]` steps, block
/// after block. A step names a label the block's lanes may come from (`sources[step]`, each
/// block's in ascending order) and holds eight exponentiated transitions from it
/// (`rows[step * 8 ..< step * 8 + 8]`, 0 for a lane that has no pair from it). For each label
/// `k`, `s` = the sum from 0 of `previous[source] * row` over the block's steps in order (each
/// product rounded, then added), `v = s * expEmission[k]`, `c` = the sum of the `v` in label
/// order, at least `FLT_MIN`, and `alpha[k] = v / c`; returns `c`. Where `previous` is finite
/// and not negative, a lane's steps without a pair add +0, which changes no sum: the floats are
/// those of a loop over each label's incoming pairs in ascending order of the label they come
/// from. Eight lanes a step where AVX2 is present, the same floats either way.
float snlu_forward_step(const float *previous, const float *expEmission, long labels, long blocks,
                        const int32_t *blockSteps, const int32_t *sources, const float *rows,
                        const int32_t *order, float *alpha);

/// ``snlu_forward_step`` on the portable loop, whatever the processor (the same results).
float snlu_forward_step_portable(const float *previous, const float *expEmission, long labels, long blocks,
                                 const int32_t *blockSteps, const int32_t *sources, const float *rows,
                                 const int32_t *order, float *alpha);

/// Which of `count` filter words hold `mask`'s bit: bit `j` of `bits` (`(count + 63) / 64`
/// words, all written) set where `column[j] & mask` is not zero, four words a step where AVX2
/// is present; returns whether any is.
int snlu_filter_hits(const uint64_t *column, long count, uint64_t mask, uint64_t *bits);

/// Each of `tokens` rows of `labels` emission scores as exponentials less the row's largest
/// score, `expEmission[i] = expf(emission[i] - m)` (the C library's `expf`, one call a score),
/// and returns the sum of the rows' largest scores in double precision, row after row. The
/// largest is Swift's `max` over the row (a NaN score is passed over): the same floats and sum
/// as that loop, the maxima taken eight scores at a time where AVX2 is present.
double snlu_exponentiate_rows(const float *emission, long tokens, long labels, float *expEmission);

/// ``snlu_exponentiate_rows`` with SkillNLU's own exponential (``snlu_polynomial_exp``) in place
/// of the C library's `expf`: the same rows' largest scores and sum, each exponential within
/// about two ulps of e^x, eight scores at a time where AVX2 is present and with the same bits
/// where it is not. What a trained model's decoding reads; training keeps `expf`.
double snlu_exponentiate_rows_polynomial(const float *emission, long tokens, long labels, float *expEmission);

/// e^x by range reduction and a polynomial of SkillNLU's own (no fused multiply-adds, so every
/// machine gives the same bits): within about two ulps of e^x for x ≤ 0, 0 below −87.34 (where
/// e^x is no longer a normal float), NaN for NaN, and `expf(x)` above 0.
float snlu_polynomial_exp(float x);

#endif
