#if canImport(Accelerate)
import Accelerate
#else
import CBLAS
#endif

/// The few BLAS routines the engine uses, behind one spelling for OpenBLAS and Accelerate.
///
/// All matrices are row-major `[Float]`. Keeping the calls here means the rest of the engine
/// never sees a platform `#if`.
package enum BLAS {
    /// `C = alpha * op(A) * op(B) + beta * C`, with `op(X)` = X or Xᵀ.
    /// `A` is m×k after `op`, `B` is k×n after `op`, `C` is m×n; all row-major.
    @inline(__always)
    public static func gemm(transA: Bool = false, transB: Bool = false, m: Int, n: Int, k: Int,
                            alpha: Float = 1, a: UnsafePointer<Float>, lda: Int,
                            b: UnsafePointer<Float>, ldb: Int,
                            beta: Float = 0, c: UnsafeMutablePointer<Float>, ldc: Int) {
        cblas_sgemm(CblasRowMajor, transA ? CblasTrans : CblasNoTrans, transB ? CblasTrans : CblasNoTrans,
                    Int32(m), Int32(n), Int32(k), alpha, a, Int32(lda), b, Int32(ldb), beta, c, Int32(ldc))
    }

    /// `y = alpha * op(A) * x + beta * y`, `A` row-major with `rows`×`cols`.
    @inline(__always)
    public static func gemv(trans: Bool = false, rows: Int, cols: Int, alpha: Float = 1,
                            a: UnsafePointer<Float>, lda: Int, x: UnsafePointer<Float>,
                            beta: Float = 0, y: UnsafeMutablePointer<Float>) {
        cblas_sgemv(CblasRowMajor, trans ? CblasTrans : CblasNoTrans, Int32(rows), Int32(cols), alpha,
                    a, Int32(lda), x, 1, beta, y, 1)
    }

    /// How many threads BLAS may use for one call: OpenBLAS's own setting (its
    /// `OPENBLAS_NUM_THREADS`, else the cores); Accelerate chooses for itself, reported as 1.
    package static var threads: Int {
        #if canImport(Accelerate)
        1
        #else
        Int(openblas_get_num_threads())
        #endif
    }

    /// Keeps BLAS on `count` threads from now on, in this process: a benchmark's latency is one
    /// thread's, where OpenBLAS would otherwise hand a large product to worker threads.
    /// Nothing to do on Accelerate.
    package static func limitThreads(to count: Int) {
        #if !canImport(Accelerate)
        openblas_set_num_threads(Int32(max(1, count)))
        #endif
    }

    /// `y += alpha * x` over `n` elements.
    @inline(__always)
    public static func axpy(n: Int, alpha: Float, x: UnsafePointer<Float>, y: UnsafeMutablePointer<Float>) {
        cblas_saxpy(Int32(n), alpha, x, 1, y, 1)
    }
}
