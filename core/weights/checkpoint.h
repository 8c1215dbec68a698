#pragma once
// What a weights file on the user's disk holds, read without Python and without loading its tensors:
// Ultralytics checkpoints (yolov8n.pt, best.pt / last.pt of an Ultralytics run, a file saved with
// torch.save) and YOLO Studio's own (runs/<name>/weights/*.pt). The GUI's model picker and the CLI show it;
// the loader that turns a checkpoint into a model (core/weights/internal/ultralytics.h) starts from it.
// Torch-free.

#include "common/error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ys {

enum class CheckpointFormat {
    Unknown,      // a PyTorch archive that is neither (a plain state dict, a TorchScript export, ...)
    Ultralytics,  // a pickled dict {'model' | 'ema': DetectionModel, ...} or a pickled model
    Studio,       // YOLO Studio's own checkpoint (core/train/checkpoint.cpp saveCheckpoint)
};

// Ultralytics' tasks (8.4 adds semantic segmentation and depth estimation); only Detect is trained here.
enum class ModelTask { Unknown, Detect, Segment, Pose, Obb, Classify, Semantic, Depth };

const char* toString(CheckpointFormat f);  // "unknown", "ultralytics", "studio"
// Ultralytics' task words: "unknown", "detect", "segment", "pose", "obb", "classify", "semantic", "depth".
const char* toString(ModelTask t);

struct CheckpointInfo {
    std::string path;
    CheckpointFormat format = CheckpointFormat::Unknown;
    std::string note;          // for Unknown: what the file is instead, e.g. "a plain state dict (355 tensors)"

    // The model.
    ModelTask task = ModelTask::Unknown;
    std::string modelClass;    // "DetectionModel", "SegmentationModel", ... (class of the pickled model)
    std::string headClass;     // class of the last layer: "Detect", "Segment", "Segment26", "Pose", "OBB", "Classify", ...
    std::vector<std::string> layerTypes;  // class of each layer model.0, model.1, ... e.g. "Conv", "C2f", "C3k2"
    std::string family;        // "yolov8", "yolo11", "yolov9", "yolov8-p2", ...; "" when unknown
    char scale = 0;            // 'n', 's', 'm', 'l', 'x' (YOLOv9: 't', 's', 'm', 'c', 'e'); 0 when unknown
    std::string yamlFile;      // the model YAML it was built from, e.g. "yolov8n.yaml"
    std::string modelYaml;     // the model YAML itself, as text parseModelSpec() reads (empty when absent)
    int nc = 0;                // classes
    std::vector<std::string> names;  // class names by id (names.size() == nc when the file is consistent)
    std::vector<int> strides;  // Detect strides, e.g. {8, 16, 32} (empty when the file does not say)
    bool endToEnd = false;     // the Detect head has one-to-one branches (the model YAML's `end2end: True`, YOLO26):
                               // what val/predict nms=false and export's endToEnd need
    int64_t parameters = 0;    // parameters of the model (what torch's model.parameters() counts)
    int64_t tensors = 0;       // entries of its state dict (parameters and persistent buffers)
    bool fp16 = false;         // weights stored in half precision (they are read as float32)

    // The training that produced it.
    int imgsz = 0;             // training image size (train_args.imgsz / the run's imgsz); 0 when unknown
    int epoch = -1;            // epochs completed; -1 when the file does not say (a stripped best.pt)
    int epochs = 0;            // epochs the run was set to; 0 when unknown
    double bestFitness = -1;   // the trainer's best fitness so far; -1 when unknown
    std::string data;          // the dataset it was trained on (train_args.data), as written by the trainer
    std::string date;          // ISO 8601 as the trainer wrote it; Studio files: the file's modification time
    std::string version;       // Ultralytics version ("8.3.112") or the Studio checkpoint format
    bool hasEma = false;       // the weights come from the EMA (Ultralytics: 'ema' is not None)
    bool hasOptimizer = false; // holds optimizer state (a last.pt that training can resume from)
    // Every training argument the file records (Ultralytics train_args; Studio: the run's args.yaml), as
    // key -> Python-literal text ("640", "'data.yaml'", "True", "None"), in the order written.
    std::vector<std::pair<std::string, std::string>> trainArgs;
};

// Reads `path` (a PyTorch zip archive; its top folder is taken from the file) and describes it. Reads the
// pickle and at most the few bytes of the Detect strides, never the weights: ~10-50 ms for any scale.
// Errors (never throws): "weights.missing", "weights.not_zip" (not a PyTorch zip: damaged, truncated or
// the legacy pre-1.6 format), "weights.no_pickle", "weights.pickle" (malformed, with the byte offset in
// data.pkl), "weights.limits", "weights.no_model", "weights.tensor", "weights.meta" - each naming the file.
// A readable archive of an unrecognised kind is not an error: format Unknown with a note.
// Thread-safe.
Expected<CheckpointInfo> inspectCheckpoint(const std::string& path);

// True when `model` names a weights file (".pt" / ".pth", any case) rather than a model YAML: what `model=`,
// `info model=` and the model picker treat as a checkpoint.
bool isWeightsFile(const std::string& model);

// An Error ("weights.task") when the checkpoint is not a detection model, one line naming the file and its task,
// e.g. "yolo26n-seg.pt is a segmentation checkpoint (task segment; SegmentationModel, head Segment26); YOLO
// Studio trains detection models only"; nullopt for a detection model. The loaders (loadUltralyticsWeights, so
// val, predict, train, fine-tune and resume) refuse with it before reading any weights.
std::optional<Error> requireDetection(const CheckpointInfo& info);

}  // namespace ys
