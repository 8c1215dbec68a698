#pragma once
// The intra-op thread pool that runs tensor math on CPU (LibTorch's OpenMP threads).

namespace ys {

// Sets the intra-op thread count (requested <= 0: all cores) and has every one of those threads, and the
// calling one, treat denormal floats as zero (x86 FTZ/DAZ; where unsupported nothing changes). Training
// drives many values toward zero (gradients, decayed weights, unused logits); on x86 each denormal
// operand costs ~100 cycles, which slowed later epochs of CPU training by 8% here. Call from the thread
// that runs the model, before it runs. Returns the thread count in effect.
int configureIntraOpThreads(int requested);

}  // namespace ys
