#pragma once
// The CPU runtime that tensor math runs on: LibTorch's intra-op (OpenMP) threads, and how the C library
// hands memory back to the system.

#include "common/trainrules.h"   // cpuCores, intraOpThreadsFor

namespace ys {

// Sets the intra-op thread count to intraOpThreadsFor(requested) (requested <= 0: every core) and has every one of those threads, and the
// calling one, treat denormal floats as zero (x86 FTZ/DAZ; where unsupported nothing changes). Training
// drives many values toward zero (gradients, decayed weights, unused logits); on x86 each denormal
// operand costs ~100 cycles, which slowed later epochs of CPU training by 8% here. Call from the thread
// that runs the model, before it runs. Returns the thread count in effect.
int configureIntraOpThreads(int requested);

// While one of these lives, memory that a training step frees stays in the process for the next step
// instead of going back to the system. A step frees its activations (hundreds of MiB), and glibc's defaults
// trim the freed top of the heap once it exceeds 2 x the mmap threshold (<= 64 MiB), so every step
// faulted the same pages in again and the kernel zeroed them: 1.12 M page faults in a 6-epoch benchmark,
// 127 K with this, and 13% more images per second for 7% more peak RSS (docs/BENCHMARKS.md). Blocks above
// 32 MiB still come from mmap. The last guard to go restores glibc's defaults and gives the freed memory back (malloc_trim).
// Guards nest and may live on different threads. Without glibc nothing changes.
class RetainFreedMemory final {
public:
    RetainFreedMemory();
    ~RetainFreedMemory();
    RetainFreedMemory(const RetainFreedMemory&) = delete;
    RetainFreedMemory& operator=(const RetainFreedMemory&) = delete;
};

}  // namespace ys
