#pragma once
// Which failures raised inside a training or validation step are out-of-memory in practice, so that they go to
// the same recovery (a smaller micro-batch) as c10::OutOfMemoryError. Plain C++ (no torch): the message is
// all there is to go on for the rest.
//
// Besides the caching allocator's own "CUDA out of memory. Tried to allocate ...", CUDA users meet memory
// running out as a library failing to allocate its workspace or handle:
//   - cuBLAS:  "CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`"
//   - cuDNN:   "cuDNN error: CUDNN_STATUS_INTERNAL_ERROR", "cuDNN error: CUDNN_STATUS_ALLOC_FAILED"
//   - cuDNN v8/v9 frontend: "FIND was unable to find an engine to execute this computation" (also "GET ...")
//   - the driver: "CUDA error: out of memory"; the CPU allocator: "can't allocate memory" (errno 12)
// Ultralytics 8.4 learned these from its users' reports and retries them as out-of-memory. Anything else —
// an illegal memory access, a device-side assert, CUBLAS_STATUS_EXECUTION_FAILED, CUDNN_STATUS_BAD_PARAM,
// CUDNN_STATUS_NOT_SUPPORTED — is a real error and must stop the run, not shrink it.

#include <string_view>

namespace ys::memory {

// True when `what` (an exception's message) reports memory running out, as listed above.
bool isOutOfMemoryMessage(std::string_view what);

}  // namespace ys::memory
