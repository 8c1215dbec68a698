#pragma once
// Training configuration: every setting a run uses, with Ultralytics' names and defaults (PRODUCT.md), so
// users' `args.yaml` / `hyp.yaml` files load unchanged. Filled once (defaults → YAML → key=value overrides),
// checked with validate(), then passed by value to the engine. Plain C++; no torch, no Qt.

#include "common/error.h"
#include "common/stages.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ys {

// Ultralytics' nominal batch: gradients are accumulated over max(round(kNominalBatch / batch), 1) steps, and
// weight decay is scaled by batch x accumulate / kNominalBatch. One default for the trainer, the fit and its dialog.
constexpr int kNominalBatch = 64;

// Why a value cannot be used, with what its message needs: a reason code with arguments, so a GUI can
// translate it (toError() gives the English message, code "config.<key>").
struct ConfigProblem {
    enum class Reason {
        UnknownKey,       // no such setting
        NotBool,          // value: the text
        NotWhole,         // value
        NotNumber,        // value
        OutOfRange,       // value, min, max
        NotAChoice,       // value, choices
        ResumeNeedsPath,  // value ("true": Ultralytics' "latest run")
        NotMultipleOf32,  // value (imgsz)
        BatchZero,        // batch 0
        NoData,           // neither data nor resume
        NoModel,          // neither model nor resume
        BadMemoryBudget,  // value (vram)
        BadDevice,        // value
        DuplicateDevice,  // value (a device list naming one GPU twice: "0,0")
        BadCheckpoint,    // value (checkpoint: not off, auto, backbone, all or a list of layers)
        StageSyntax,      // value: the stage's text (not IMGSZxBATCH:EPOCHS[:key=value...])
        StageKey,         // stageKey may not change between stages; choices: the keys that may
        StagesEpochs,     // value: epochs; min: the stages' total (they must agree)
    };
    std::string key;
    Reason reason = Reason::UnknownKey;
    std::string value;
    double min = 0, max = 0;             // OutOfRange
    std::vector<std::string> choices = {};  // NotAChoice
    // A problem inside `stages`: the 1-based stage and the key within it ("imgsz", "batch", "epochs", or an
    // override such as "mosaic"); the reason and value are that key's. 0 / empty otherwise.
    int stage = 0;
    std::string stageKey = {};

    Error toError() const;
};

struct TrainConfig {
    // --- task and data -----------------------------------------------------------------------------
    std::string data;                    // path to data.yaml
    std::string model = "yolov8n.yaml";  // model YAML (scale letter picks n/s/m/l/x) or a checkpoint
    int epochs = 100;                    // epochs to train, >= 1 (with stages: their total)
    // Staged training (common/stages.h): empty = one stage of imgsz, batch and epochs. Setting it sets epochs
    // to the stages' total; each stage's imgsz and batch replace imgsz and batch while it trains.
    std::vector<TrainStage> stages;
    int imgsz = 640;                     // training/validation image size in pixels, multiple of 32
    int batch = 16;                      // images per optimizer micro-batch; -1 = fit to memory ("auto")
    std::string device = "cpu";          // "cpu", "0", "cuda:0"
    // Data-parallel runs: every Conv's BatchNorm normalises over all processes' images (SyncBatchNorm), so N
    // processes at batch B train like one at N x B; false = per-process statistics (the reference's default).
    bool sync_bn = false;
    int workers = 8;                     // data loader threads; 0 = load in the training thread
    std::string amp = "auto";            // auto | off | fp16 | bf16
    // Activation checkpointing (common/checkpointing.h): off | auto | backbone | all | [layer, ...]; the text
    // parseCheckpointSetting reads, kept in its canonical spelling.
    std::string checkpoint = "off";
    std::string project = "runs";        // parent folder of run folders
    std::string name = "exp";            // run folder name (a numeric suffix is added when it exists)
    bool exist_ok = false;               // reuse project/name instead of adding a suffix
    std::string resume;                  // path of a run's weights/last checkpoint to resume, or empty
    int seed = 0;                        // RNG seed for augmentation and initialisation
    bool deterministic = true;           // same seed + same workers = same batches
    int patience = 100;                  // epochs without fitness improvement before stopping; 0 = off
    bool val = true;                     // validate every epoch
    int save_period = -1;                // also save weights every N epochs; -1 = off
    bool rect = false;                   // rectangular training batches (no mosaic)
    std::string cache = "off";           // off | ram: keep decoded, resized images in memory
    double fraction = 1.0;               // fraction of the training set to use, (0, 1]
    bool cos_lr = false;                 // cosine LR schedule instead of linear
    int close_mosaic = 10;               // turn mosaic off for the last N epochs
    int threads = 0;                     // intra-op CPU threads; 0 = number of cores
    std::string vram;                    // memory budget: "8GiB", "6000MB", "0.8" (fraction); empty = device total
    // Layers whose parameters are not trained (Ultralytics' `freeze`), ascending, no repeats; empty = none.
    // `freeze=N` means the first N layers (0..N-1) and is written back as N; `freeze=[2, 5]` means those.
    // The DFL projection is never trained, whatever this says (model/freeze.h resolves it).
    std::vector<int> freeze;
    // Dataset class ids to train on (Ultralytics' `classes`), ascending, no repeats; empty = every class.
    // The run's model has these classes only, renumbered 0..k-1 in ascending order (data/classes.h).
    std::vector<int> classes;

    // --- optimizer -----------------------------------------------------------------------------------
    std::string optimizer = "auto";      // auto | SGD | AdamW | Adam
    double lr0 = 0.01;                   // initial learning rate
    double lrf = 0.01;                   // final LR = lr0 * lrf
    double momentum = 0.937;             // SGD momentum / Adam beta1
    double weight_decay = 0.0005;        // decoupled (AdamW) or L2 (SGD) weight decay, scaled by batch
    double warmup_epochs = 3.0;          // warmup length in epochs (fractional allowed)
    double warmup_momentum = 0.8;        // initial momentum during warmup
    double warmup_bias_lr = 0.1;         // initial bias LR during warmup
    int nbs = kNominalBatch;             // nominal batch size: accumulate = max(round(nbs/batch), 1)

    // --- loss gains ----------------------------------------------------------------------------------
    double box = 7.5;                    // CIoU box loss gain
    double cls = 0.5;                    // classification BCE gain
    double dfl = 1.5;                    // distribution focal loss gain

    // --- augmentation --------------------------------------------------------------------------------
    double hsv_h = 0.015;                // hue jitter (fraction of the hue circle)
    double hsv_s = 0.7;                  // saturation jitter (fraction)
    double hsv_v = 0.4;                  // value jitter (fraction)
    double degrees = 0.0;                // rotation range, +/- degrees
    double translate = 0.1;              // translation range, +/- fraction of image size
    double scale = 0.5;                  // scale range, +/- gain
    double shear = 0.0;                  // shear range, +/- degrees
    double perspective = 0.0;            // perspective coefficient, 0..0.001
    double flipud = 0.0;                 // probability of a vertical flip
    double fliplr = 0.5;                 // probability of a horizontal flip
    double mosaic = 1.0;                 // probability of 4-image mosaic
    double mixup = 0.0;                  // probability of mixup
    double copy_paste = 0.0;             // probability of copy-paste (segments only; kept for YAML compatibility)

    // --- validation / prediction ---------------------------------------------------------------------
    double conf = 0.001;                 // NMS confidence threshold for validation
    double iou = 0.7;                    // NMS IoU threshold
    int max_det = 300;                   // detections kept per image after NMS
    // Whose mAP, matching and fitness (best.pt, patience) the run's figures follow: "8.4" (Ultralytics 8.4,
    // the default) or "8.3" (eval/metrics.h). A run keeps its own (runs written before the key existed: 8.3).
    std::string metrics = "8.4";
    // Ultralytics 8.4's nms for training: true (its default, unset) validates each epoch with the one-to-many head
    // and NMS; false with an end-to-end model's (YOLO26's) one-to-one head and no NMS, as 8.4 does with nms=False,
    // so best.pt and patience follow that head. Other models validate with NMS either way (a log line says so).
    bool nms = true;
    // Ultralytics' agnostic_nms for each epoch's validation: NMS across classes (a box suppresses overlapping boxes
    // of any class); with nms=false, one row per anchor (its best class). Changes mAP, so best.pt, as in Ultralytics.
    bool agnostic_nms = false;

    // Every problem with the current values (empty when valid). Each Error's code is "config.<key>".
    std::vector<Error> validate() const;
    // The same problems as codes with arguments (validate() is their toError()).
    std::vector<ConfigProblem> problems() const;

    // Sets one key from text as typed on a command line (`lr0=0.02`, `amp=off`, `batch=auto`).
    // Unknown keys and unparsable values return an Error naming the key.
    std::optional<Error> set(const std::string& key, const std::string& value);
    // The same, returning the problem as a code with arguments.
    std::optional<ConfigProblem> trySet(const std::string& key, const std::string& value);
    // Current value of a key as text, or nullopt for an unknown key.
    std::optional<std::string> get(const std::string& key) const;

    // Loads keys from an Ultralytics/YOLOv9 args.yaml or hyp.yaml (through ConfigFile, common/configfile.h,
    // which also keeps what it does not use for saving). Keys this studio does not use are listed in
    // `ignored` (if given); the first bad value is the error, with file and line.
    // `base` supplies the values of keys the file does not set.
    static Expected<TrainConfig> fromYamlFile(const std::string& path, const TrainConfig& base,
                                              std::vector<std::string>* ignored = nullptr);
    static Expected<TrainConfig> fromYamlFile(const std::string& path);
    // The same from YAML text (e.g. the args.yaml kept in a checkpoint). `source` names the text in errors
    // (a path; empty for none). With `rejected`, a bad value does not stop the load: its Error (with line)
    // is added there and the key keeps base's value; a YAML syntax error still fails the whole load.
    static Expected<TrainConfig> fromYamlText(const std::string& text, const TrainConfig& base,
                                              std::vector<std::string>* ignored = nullptr,
                                              const std::string& source = {}, std::vector<Error>* rejected = nullptr);
    // YAML text of every key in registry order (the `args.yaml` of a run).
    std::string toYaml() const;
    // The value of `key` as one YAML scalar, as toYaml() writes it ("0.01", "true", "\"cpu\"", "null").
    // Empty for an unknown key.
    std::string yamlValue(const std::string& key) const;
    // Keys whose value differs from the default, in registry order.
    std::vector<std::string> changedKeys() const;
};

// Description of one setting, for forms, `--help` and reports. Everything a front end needs to show and
// edit a key comes from here (type, range, step, unit, group), so the CLI, the YAML loader and the forms
// cannot disagree.
struct ConfigKey {
    // IntList: whole numbers written as a YAML list ("[0, 2, 3]"), each within min..max; empty = none (null).
    // Stages: a list of training stages (TrainConfig::stages), text as formatStages() writes it.
    enum class Type { Bool, Int, Float, String, Choice, IntList, Stages };
    // The section a form shows the key in; the enum order is the display order.
    enum class Group { ModelData, Schedule, Memory, Optimizer, Loss, Augment, Validation, Output };
    // What a number counts (shown after it); None for plain numbers, fractions and probabilities.
    enum class Unit { None, Pixels, Images, Epochs, Threads, Degrees, Boxes };

    const char* name;
    Group group;
    Type type;
    double min = 0, max = 0;           // inclusive range for Int/Float (min == max: unbounded)
    std::vector<std::string> choices = {};  // allowed values for Choice
    const char* help = "";             // one English line
    Unit unit = Unit::None;
    double step = 1;                   // spin-box step for Int/Float
    int decimals = 0;                  // decimals a Float is shown with (a value with more keeps them)
    const char* minText = nullptr;     // meaning of the minimum when it is special ("auto", "off"), else null
    bool resumable = false;            // a resumed run may change it (everything else comes from its args.yaml)
    bool advanced = false;             // rarely changed; forms hide it until asked
    bool countForm = false;            // IntList: a single number N means 0..N-1 (`freeze=10`), and a list
                                       // 0..N-1 is written back as N; otherwise N means [N] (`classes=2`)
};

// All keys in a stable order (the order of args.yaml).
const std::vector<ConfigKey>& configKeys();
// The key called `name`, or nullptr.
const ConfigKey* findConfigKey(const std::string& name);
// Names of the keys a resumed run may change, in registry order.
std::vector<std::string> resumableKeys();

// Every group in display order.
const std::vector<ConfigKey::Group>& configGroups();
// Stable identifier for settings files and tests: "model_data", "schedule", "memory", "optimizer",
// "loss", "augment", "validation", "output".
const char* groupId(ConfigKey::Group group);
// English title as a user reads it: "Model & data", "Memory & precision", ...
const char* groupTitle(ConfigKey::Group group);
// English unit after a number: "px", "images", "epochs", "threads", "°", "boxes"; "" for Unit::None.
const char* unitSymbol(ConfigKey::Unit unit);

// Ultralytics writes two choice keys as booleans: `amp: true` (= auto) / `amp: false` (= off) and
// `cache: true` (= ram) / `cache: false` (= off). The boolean that `value` of `key` is written as, or
// nullopt when the key has no boolean spelling or the value has none.
std::optional<bool> boolSpelling(const std::string& key, const std::string& value);

// Parses the text form of `stages` (common/stages.h) into `out`; the first problem (with its stage and the key
// within it) when the text is not valid. "" / "none" / "null" / "[]" mean no stages.
std::optional<ConfigProblem> parseStages(const std::string& text, std::vector<TrainStage>& out);

// Parses "8GiB", "8 GB", "6000MB", "512MiB", "1e9" (bytes). Fractions ("0.8") return nullopt here;
// see parseMemoryBudget in memory/. Returns nullopt for text that is not a size.
std::optional<int64_t> parseByteSize(const std::string& text);

}  // namespace ys
