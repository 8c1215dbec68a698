#pragma once
// What starting a model from a checkpoint's weights did: which tensors came from the file, which kept their
// fresh initialisation and why. The trainer logs it ("transferred 319/355 tensors" and the names of the rest),
// the CLI and the GUI show it. Torch-free; the transfer itself is in weights/internal/transfer.h.

#include <cstdint>
#include <string>
#include <vector>

namespace ys {

// A tensor of the model that did not get the checkpoint's values.
struct TensorMismatch {
    std::string name;                     // e.g. "model.22.cv3.0.2.weight"
    std::vector<int64_t> modelShape;
    std::vector<int64_t> checkpointShape;  // empty when `missing`
    bool missing = false;                  // the checkpoint has no tensor of this name

    // "model.22.cv3.0.2.weight: [5, 64, 1, 1] in the model, [80, 64, 1, 1] in the checkpoint" or
    // "model.23.cv1.conv.weight: not in the checkpoint".
    std::string describe() const;
};

struct TransferReport {
    int64_t transferred = 0;  // tensors of the model's state dict (parameters and buffers) given the file's values
    int64_t total = 0;        // tensors of the model's state dict
    std::vector<TensorMismatch> kept;  // the model's tensors that kept their initialisation, in the model's order
    std::vector<std::string> unused;   // tensors of the checkpoint the model has no tensor of that name for

    bool complete() const { return transferred == total && unused.empty(); }
    // "transferred 319/355 tensors"
    std::string summary() const;
};

// "[5, 64, 1, 1]"; "[]" for a scalar.
std::string shapeText(const std::vector<int64_t>& shape);

}  // namespace ys
