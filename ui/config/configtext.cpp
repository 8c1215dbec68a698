#include "ui/config/configtext.h"

#include <QCoreApplication>

#include <cstring>

namespace ys::ui {
namespace {

struct KeyText {
    const char* key;
    const char* label;
    const char* help;  // = core's ConfigKey::help
};
struct ChoiceText {
    const char* key;
    const char* value;
    const char* text;
};
struct PresetText {
    const char* id;
    const char* title;
    const char* description;  // = core's ConfigPreset::description
};

// The tables live in a class so that lupdate files their QT_TR_NOOP texts, and ConfigText::tr() calls, under
// the context "ys::ui::ConfigText" (lupdate does not expand macros: a wrapper macro would hide them all).
class ConfigText {
    Q_DECLARE_TR_FUNCTIONS(ys::ui::ConfigText)

public:
    static constexpr KeyText kKeys[] = {
        {"data", QT_TR_NOOP("Dataset"), QT_TR_NOOP("path to data.yaml")},
        {"model", QT_TR_NOOP("Model"),
         QT_TR_NOOP("model YAML (yolov8n.yaml, yolo11s.yaml, yolov9c.yaml, ...) or checkpoint")},
        {"epochs", QT_TR_NOOP("Epochs"), QT_TR_NOOP("epochs to train")},
        {"stages", QT_TR_NOOP("Stages"),
         QT_TR_NOOP("stages IMGSZxBATCH:EPOCHS[:key=value], e.g. 320x32:10,640xauto:80,640xauto:10:mosaic=0; empty = "
                    "one stage")},
        {"imgsz", QT_TR_NOOP("Image size"), QT_TR_NOOP("image size in pixels, multiple of 32")},
        {"batch", QT_TR_NOOP("Batch size"), QT_TR_NOOP("images per batch; -1 or auto = fit to memory")},
        {"device", QT_TR_NOOP("Device"), QT_TR_NOOP("cpu, 0, cuda:0; GPUs 0,1 train one process each")},
        {"sync_bn", QT_TR_NOOP("Synchronised BatchNorm"),
         QT_TR_NOOP("BatchNorm statistics over every process's images (data-parallel runs)")},
        {"workers", QT_TR_NOOP("Loader workers"), QT_TR_NOOP("data loader threads; 0 = main thread")},
        {"amp", QT_TR_NOOP("Mixed precision"), QT_TR_NOOP("mixed precision")},
        {"checkpoint", QT_TR_NOOP("Activation checkpointing"),
         QT_TR_NOOP("activation checkpointing: off, auto, backbone, all or [layer, ...]")},
        {"project", QT_TR_NOOP("Project folder"), QT_TR_NOOP("parent folder of run folders")},
        {"name", QT_TR_NOOP("Run name"), QT_TR_NOOP("run folder name")},
        {"exist_ok", QT_TR_NOOP("Reuse run folder"), QT_TR_NOOP("reuse an existing run folder")},
        {"resume", QT_TR_NOOP("Resume from"), QT_TR_NOOP("checkpoint to resume from")},
        {"seed", QT_TR_NOOP("Random seed"), QT_TR_NOOP("random seed")},
        {"deterministic", QT_TR_NOOP("Deterministic"), QT_TR_NOOP("reproducible batches for a seed and worker count")},
        {"patience", QT_TR_NOOP("Patience"), QT_TR_NOOP("epochs without improvement before early stop; 0 = off")},
        {"val", QT_TR_NOOP("Validate each epoch"), QT_TR_NOOP("validate every epoch")},
        {"save_period", QT_TR_NOOP("Save weights every"), QT_TR_NOOP("save weights every N epochs; -1 = off")},
        {"rect", QT_TR_NOOP("Rectangular batches"), QT_TR_NOOP("rectangular training batches")},
        {"cache", QT_TR_NOOP("Image cache"), QT_TR_NOOP("cache decoded images in RAM")},
        {"fraction", QT_TR_NOOP("Dataset fraction"), QT_TR_NOOP("fraction of the training set to use")},
        {"classes", QT_TR_NOOP("Classes to train"),
         QT_TR_NOOP("train on these class ids only, e.g. [0, 2, 3] (renumbered 0..k-1); empty = all")},
        {"freeze", QT_TR_NOOP("Frozen layers"),
         QT_TR_NOOP("layers not trained: N = the first N, or [i, j, ...]; empty = none")},
        {"cos_lr", QT_TR_NOOP("Cosine LR schedule"), QT_TR_NOOP("cosine LR schedule")},
        {"close_mosaic", QT_TR_NOOP("Close mosaic"), QT_TR_NOOP("disable mosaic for the last N epochs")},
        {"threads", QT_TR_NOOP("CPU threads"), QT_TR_NOOP("CPU threads for tensor ops; 0 = all cores")},
        {"vram", QT_TR_NOOP("Memory budget"), QT_TR_NOOP("memory budget, e.g. 8GiB or 0.8; empty = whole device")},
        {"optimizer", QT_TR_NOOP("Optimizer"), QT_TR_NOOP("optimizer")},
        {"lr0", QT_TR_NOOP("Initial learning rate"), QT_TR_NOOP("initial learning rate")},
        {"lrf", QT_TR_NOOP("Final LR factor"), QT_TR_NOOP("final LR as a fraction of lr0")},
        {"momentum", QT_TR_NOOP("Momentum"), QT_TR_NOOP("SGD momentum / Adam beta1")},
        {"weight_decay", QT_TR_NOOP("Weight decay"), QT_TR_NOOP("weight decay")},
        {"warmup_epochs", QT_TR_NOOP("Warmup"), QT_TR_NOOP("warmup epochs")},
        {"warmup_momentum", QT_TR_NOOP("Warmup momentum"), QT_TR_NOOP("warmup initial momentum")},
        {"warmup_bias_lr", QT_TR_NOOP("Warmup bias LR"), QT_TR_NOOP("warmup initial bias LR")},
        {"nbs", QT_TR_NOOP("Nominal batch size"), QT_TR_NOOP("nominal batch size for accumulation")},
        {"box", QT_TR_NOOP("Box loss gain"), QT_TR_NOOP("box loss gain")},
        {"cls", QT_TR_NOOP("Class loss gain"), QT_TR_NOOP("class loss gain")},
        {"dfl", QT_TR_NOOP("DFL loss gain"), QT_TR_NOOP("DFL loss gain (the L1 box-distance loss for YOLO26)")},
        {"hsv_h", QT_TR_NOOP("Hue"), QT_TR_NOOP("hue jitter fraction")},
        {"hsv_s", QT_TR_NOOP("Saturation"), QT_TR_NOOP("saturation jitter fraction")},
        {"hsv_v", QT_TR_NOOP("Brightness"), QT_TR_NOOP("value jitter fraction")},
        {"degrees", QT_TR_NOOP("Rotation"), QT_TR_NOOP("rotation +/- degrees")},
        {"translate", QT_TR_NOOP("Translation"), QT_TR_NOOP("translation +/- fraction")},
        {"scale", QT_TR_NOOP("Scale"), QT_TR_NOOP("scale +/- gain")},
        {"shear", QT_TR_NOOP("Shear"), QT_TR_NOOP("shear +/- degrees")},
        {"perspective", QT_TR_NOOP("Perspective"), QT_TR_NOOP("perspective coefficient")},
        {"flipud", QT_TR_NOOP("Vertical flip"), QT_TR_NOOP("vertical flip probability")},
        {"fliplr", QT_TR_NOOP("Horizontal flip"), QT_TR_NOOP("horizontal flip probability")},
        {"mosaic", QT_TR_NOOP("Mosaic"), QT_TR_NOOP("mosaic probability")},
        {"mixup", QT_TR_NOOP("Mixup"), QT_TR_NOOP("mixup probability")},
        {"copy_paste", QT_TR_NOOP("Copy-paste"), QT_TR_NOOP("copy-paste probability (segments only)")},
        {"conf", QT_TR_NOOP("Confidence threshold"), QT_TR_NOOP("NMS confidence threshold")},
        {"iou", QT_TR_NOOP("NMS IoU threshold"), QT_TR_NOOP("NMS IoU threshold")},
        {"max_det", QT_TR_NOOP("Max detections"), QT_TR_NOOP("detections per image")},
        {"nms", QT_TR_NOOP("Validate with NMS"),
         QT_TR_NOOP("validate with NMS; false: YOLO26's one-to-one head without NMS (Ultralytics 8.4's nms=False)")},
        {"agnostic_nms", QT_TR_NOOP("Class-agnostic NMS"),
         QT_TR_NOOP("class-agnostic NMS: a box suppresses overlapping boxes of every class (Ultralytics' "
                    "agnostic_nms)")},
        {"metrics", QT_TR_NOOP("Metrics as"),
         QT_TR_NOOP("mAP and best.pt as this Ultralytics release computes them (8.4: greedy matching, mAP50-95 "
                    "fitness)")},
    };

    // Core's ConfigKey::minText values.
    static constexpr const char* kMinimumTexts[] = {QT_TR_NOOP("auto"), QT_TR_NOOP("main thread"), QT_TR_NOOP("off"),
                                                    QT_TR_NOOP("never"), QT_TR_NOOP("all cores")};

    static constexpr ChoiceText kChoices[] = {
        {"amp", "auto", QT_TR_NOOP("auto (fp16 on CUDA, bf16 where the CPU has it)")},
        {"amp", "off", QT_TR_NOOP("off (fp32)")},
        {"amp", "fp16", QT_TR_NOOP("fp16")},
        {"amp", "bf16", QT_TR_NOOP("bf16")},
        {"cache", "off", QT_TR_NOOP("off")},
        {"cache", "ram", QT_TR_NOOP("RAM")},
        {"optimizer", "auto", QT_TR_NOOP("auto (SGD for long runs, MuSGD for YOLO26; AdamW for short ones)")},
        {"optimizer", "MuSGD", QT_TR_NOOP("MuSGD (Ultralytics 8.4: Muon + SGD)")},
        {"metrics", "8.4", QT_TR_NOOP("Ultralytics 8.4")},
        {"metrics", "8.3", QT_TR_NOOP("Ultralytics 8.3 (higher at low recall)")},
    };

    static constexpr PresetText kPresets[] = {
        {"ultralytics", QT_TR_NOOP("Ultralytics defaults"),
         QT_TR_NOOP("Every training setting at the value Ultralytics uses by default (YOLOv8 / YOLO11). Dataset, "
                    "model, device, memory budget and output folder stay as they are.")},
        {"yolov9-scratch-high", QT_TR_NOOP("YOLOv9 hyp.scratch-high"),
         QT_TR_NOOP("The hyperparameters of YOLOv9's hyp.scratch-high.yaml (training from scratch with strong "
                    "augmentation): scale 0.9, mixup 0.15, copy-paste 0.3, the rest as Ultralytics.")},
        {"low-memory", QT_TR_NOOP("Low memory"),
         QT_TR_NOOP("For a 4-6 GB GPU or a small machine: batch 8 with nbs 64 (8 batches accumulated, so the "
                    "optimizer still steps on 64 images and weight decay is unchanged), mixed precision on, no RAM "
                    "cache, 2 loader workers. Image size and augmentation stay: they decide what the model learns. "
                    "For the largest batch that fits your card, use Fit to my GPU.")},
        {"staged", QT_TR_NOOP("Staged: warm up small, train at full size, finish without mosaic"),
         QT_TR_NOOP("Three stages in one run: 10 epochs at 320 px with batch 32 (fast, and settles the statistics), 80 "
                    "at 640 with the batch fitted to memory, 10 at 640 with mosaic off (instead of close_mosaic). One "
                    "optimizer, EMA and learning-rate schedule across the stages; each stage's batch is fitted at its "
                    "own image size before the run starts.")},
    };
};

const KeyText* find(const QString& key)
{
    const QByteArray k = key.toLatin1();
    for (const KeyText& t : ConfigText::kKeys)
        if (k == t.key)
            return &t;
    return nullptr;
}

QString tx(const char* text) { return ConfigText::tr(text); }

}  // namespace

QString keyLabel(const QString& key)
{
    const KeyText* t = find(key);
    return t ? tx(t->label) : key;
}

QString keyHelp(const QString& key)
{
    if (const KeyText* t = find(key))
        return tx(t->help);
    const ConfigKey* k = findConfigKey(key.toStdString());
    return k ? QString::fromUtf8(k->help) : QString();
}

QString keyHelpSource(const QString& key)
{
    const KeyText* t = find(key);
    return t ? QString::fromUtf8(t->help) : QString();
}

QStringList keysWithText()
{
    QStringList keys;
    for (const KeyText& t : ConfigText::kKeys)
        keys << QString::fromLatin1(t.key);
    return keys;
}

QString groupLabel(ConfigKey::Group group)
{
    switch (group) {
    case ConfigKey::Group::ModelData: return ConfigText::tr("Model & data");
    case ConfigKey::Group::Schedule: return ConfigText::tr("Schedule");
    case ConfigKey::Group::Memory: return ConfigText::tr("Memory & precision");
    case ConfigKey::Group::Optimizer: return ConfigText::tr("Optimizer");
    case ConfigKey::Group::Loss: return ConfigText::tr("Loss gains");
    case ConfigKey::Group::Augment: return ConfigText::tr("Augmentation");
    case ConfigKey::Group::Validation: return ConfigText::tr("Validation");
    case ConfigKey::Group::Output: return ConfigText::tr("Output");
    }
    return QString::fromUtf8(ys::groupTitle(group));
}

QString unitSuffix(ConfigKey::Unit unit)
{
    switch (unit) {
    case ConfigKey::Unit::None: return {};
    case ConfigKey::Unit::Pixels: return ConfigText::tr(" px");
    case ConfigKey::Unit::Images: return ConfigText::tr(" images");
    case ConfigKey::Unit::Epochs: return ConfigText::tr(" epochs");
    case ConfigKey::Unit::Threads: return ConfigText::tr(" threads");
    case ConfigKey::Unit::Degrees: return ConfigText::tr("°");
    case ConfigKey::Unit::Boxes: return ConfigText::tr(" boxes");
    }
    return {};
}

QString minimumText(const ConfigKey& key)
{
    if (!key.minText)
        return {};
    for (const char* t : ConfigText::kMinimumTexts)
        if (std::strcmp(t, key.minText) == 0)
            return tx(t);
    return QString::fromUtf8(key.minText);
}

QString choiceText(const QString& key, const QString& value)
{
    const QByteArray k = key.toLatin1(), v = value.toUtf8();
    for (const ChoiceText& c : ConfigText::kChoices)
        if (k == c.key && v == c.value)
            return tx(c.text);
    return value;
}

QString problemText(const ConfigProblem& p)
{
    if (p.stage > 0) {   // inside `stages`: the stage and the key within it first
        ConfigProblem inner = p;
        inner.stage = 0;
        return ConfigText::tr("stage %1, %2: %3")
            .arg(QString::number(p.stage), QString::fromStdString(p.stageKey), problemText(inner));
    }
    using R = ConfigProblem::Reason;
    const QString value = QString::fromStdString(p.value);
    switch (p.reason) {
    case R::UnknownKey: return ConfigText::tr("unknown setting");
    case R::NotBool: return ConfigText::tr("must be true or false, not “%1”").arg(value);
    case R::NotWhole: return ConfigText::tr("must be a whole number, not “%1”").arg(value);
    case R::NotNumber: return ConfigText::tr("must be a number, not “%1”").arg(value);
    case R::OutOfRange:
        return ConfigText::tr("must be between %1 and %2, not %3")
            .arg(QString::number(p.min), QString::number(p.max), value);
    case R::NotAChoice: {
        QStringList choices;
        for (const std::string& c : p.choices)
            choices << QString::fromStdString(c);
        return ConfigText::tr("must be one of %1, not “%2”").arg(choices.join(QStringLiteral(", ")), value);
    }
    case R::ResumeNeedsPath: return ConfigText::tr("must be the path of a run's weights/last.pt or of its run folder");
    case R::NotMultipleOf32:
        return ConfigText::tr("must be a multiple of 32 (the model's largest stride), not %1").arg(value);
    case R::BatchZero: return ConfigText::tr("must be at least 1, or auto to fit it to memory");
    case R::NoData: return ConfigText::tr("no dataset: open one, or choose its data.yaml");
    case R::NoModel: return ConfigText::tr("no model: pick one");
    case R::BadMemoryBudget:
        return ConfigText::tr("must be a size such as 8GiB or 6000MB, or a fraction such as 0.8, not “%1”")
            .arg(value);
    case R::BadDevice:
        return ConfigText::tr("must be cpu, a GPU index such as 0, cuda:0, or GPUs such as 0,1, not “%1”").arg(value);
    case R::DuplicateDevice: return ConfigText::tr("names a GPU twice (“%1”): list each GPU once").arg(value);
    case R::BadCheckpoint:
        return ConfigText::tr("must be off, auto, backbone, all or a list of layers such as [2, 4, 6], not “%1”")
            .arg(value);
    case R::StageSyntax:
        return ConfigText::tr("“%1” is not a stage: write IMGSZxBATCH:EPOCHS, e.g. 640x16:10 or 640xauto:10:mosaic=0")
            .arg(value);
    case R::StageKey: {
        QStringList choices;
        for (const std::string& c : p.choices)
            choices << QString::fromStdString(c);
        return ConfigText::tr("cannot change between stages (a stage may set %1)").arg(choices.join(QStringLiteral(", ")));
    }
    case R::StagesEpochs:
        return ConfigText::tr("is %1 but the stages add up to %2 epochs; leave epochs out or make them agree")
            .arg(value, QString::number(p.min));
    }
    return QString::fromStdString(p.toError().message);
}

QString presetTitle(const std::string& id)
{
    for (const PresetText& p : ConfigText::kPresets)
        if (id == p.id)
            return tx(p.title);
    return QString::fromStdString(id);
}

QString presetDescription(const std::string& id)
{
    for (const PresetText& p : ConfigText::kPresets)
        if (id == p.id)
            return tx(p.description);
    return {};
}

}  // namespace ys::ui
