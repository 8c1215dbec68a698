// Out-of-memory messages: the phrases of outofmemory.h, matched as substrings (LibTorch prefixes them with the
// failing call, and appends its C++ stack in debug builds).
#include "memory/outofmemory.h"

#include <array>

namespace ys::memory {

bool isOutOfMemoryMessage(std::string_view what)
{
    static constexpr std::array<std::string_view, 7> phrases{
        "out of memory",                    // "CUDA out of memory. Tried to allocate", "CUDA error: out of memory"
        "CUBLAS_STATUS_ALLOC_FAILED",
        "CUDNN_STATUS_ALLOC_FAILED",
        "CUDNN_STATUS_INTERNAL_ERROR",      // cuDNN's handle or workspace could not be allocated
        "unable to find an engine",         // cuDNN's frontend found no engine whose workspace fits
        "can't allocate memory",            // LibTorch's CPU allocator: "DefaultCPUAllocator: can't allocate memory"
        "Cannot allocate memory",           // errno 12 as strerror words it
    };
    for (std::string_view p : phrases)
        if (what.find(p) != std::string_view::npos)
            return true;
    return false;
}

}  // namespace ys::memory
