#pragma once
// What a file given as `model=` is: a model YAML (or built-in name) builds a fresh model; a checkpoint
// (isCheckpointFile) is read by the trainer (fine-tuning) and the memory fit (its architecture). Torch-free.

#include "common/error.h"

#include <optional>
#include <string>

namespace ys {

// True when `path` is a PyTorch checkpoint: a file named .pt/.pth/.ckpt, or one whose first bytes are a zip
// archive (torch.save since 1.6, YOLO Studio's checkpoints) or a pickle (older torch.save). False for
// missing files, folders, YAML files and built-in model names.
bool isCheckpointFile(const std::string& path);

// For an argument that expects a model YAML (train/fit `model=`): an Error with code "model.is_checkpoint"
// when `path` is a checkpoint (or names a missing .pt, as `model=yolov8n.pt` does for Ultralytics, which
// downloads it), saying what it is and what to do instead; nullopt otherwise.
std::optional<Error> checkModelYamlArgument(const std::string& path);

}  // namespace ys
