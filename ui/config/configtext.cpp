#include "ui/config/configtext.h"

#include <QCoreApplication>

#include <cstring>

namespace ys::ui {
namespace {

#define YS_CT(text) QT_TRANSLATE_NOOP("ys::ui::ConfigText", text)
constexpr const char* kContext = "ys::ui::ConfigText";

struct KeyText {
    const char* key;
    const char* label;
    const char* help;  // = core's ConfigKey::help
};

const KeyText kKeys[] = {
    {"data", YS_CT("Dataset"), YS_CT("path to data.yaml")},
    {"model", YS_CT("Model"), YS_CT("model YAML (yolov8n.yaml, yolo11s.yaml, yolov9c.yaml, ...) or checkpoint")},
    {"epochs", YS_CT("Epochs"), YS_CT("epochs to train")},
    {"imgsz", YS_CT("Image size"), YS_CT("image size in pixels, multiple of 32")},
    {"batch", YS_CT("Batch size"), YS_CT("images per batch; -1 or auto = fit to memory")},
    {"device", YS_CT("Device"), YS_CT("cpu, 0, cuda:0")},
    {"workers", YS_CT("Loader workers"), YS_CT("data loader threads; 0 = main thread")},
    {"amp", YS_CT("Mixed precision"), YS_CT("mixed precision")},
    {"project", YS_CT("Project folder"), YS_CT("parent folder of run folders")},
    {"name", YS_CT("Run name"), YS_CT("run folder name")},
    {"exist_ok", YS_CT("Reuse run folder"), YS_CT("reuse an existing run folder")},
    {"resume", YS_CT("Resume from"), YS_CT("checkpoint to resume from")},
    {"seed", YS_CT("Random seed"), YS_CT("random seed")},
    {"deterministic", YS_CT("Deterministic"), YS_CT("reproducible batches for a seed and worker count")},
    {"patience", YS_CT("Patience"), YS_CT("epochs without improvement before early stop; 0 = off")},
    {"val", YS_CT("Validate each epoch"), YS_CT("validate every epoch")},
    {"save_period", YS_CT("Save weights every"), YS_CT("save weights every N epochs; -1 = off")},
    {"rect", YS_CT("Rectangular batches"), YS_CT("rectangular training batches")},
    {"cache", YS_CT("Image cache"), YS_CT("cache decoded images in RAM")},
    {"fraction", YS_CT("Dataset fraction"), YS_CT("fraction of the training set to use")},
    {"cos_lr", YS_CT("Cosine LR schedule"), YS_CT("cosine LR schedule")},
    {"close_mosaic", YS_CT("Close mosaic"), YS_CT("disable mosaic for the last N epochs")},
    {"threads", YS_CT("CPU threads"), YS_CT("CPU threads for tensor ops; 0 = all cores")},
    {"vram", YS_CT("Memory budget"), YS_CT("memory budget, e.g. 8GiB or 0.8; empty = whole device")},
    {"optimizer", YS_CT("Optimizer"), YS_CT("optimizer")},
    {"lr0", YS_CT("Initial learning rate"), YS_CT("initial learning rate")},
    {"lrf", YS_CT("Final LR factor"), YS_CT("final LR as a fraction of lr0")},
    {"momentum", YS_CT("Momentum"), YS_CT("SGD momentum / Adam beta1")},
    {"weight_decay", YS_CT("Weight decay"), YS_CT("weight decay")},
    {"warmup_epochs", YS_CT("Warmup"), YS_CT("warmup epochs")},
    {"warmup_momentum", YS_CT("Warmup momentum"), YS_CT("warmup initial momentum")},
    {"warmup_bias_lr", YS_CT("Warmup bias LR"), YS_CT("warmup initial bias LR")},
    {"nbs", YS_CT("Nominal batch size"), YS_CT("nominal batch size for accumulation")},
    {"box", YS_CT("Box loss gain"), YS_CT("box loss gain")},
    {"cls", YS_CT("Class loss gain"), YS_CT("class loss gain")},
    {"dfl", YS_CT("DFL loss gain"), YS_CT("DFL loss gain")},
    {"hsv_h", YS_CT("Hue"), YS_CT("hue jitter fraction")},
    {"hsv_s", YS_CT("Saturation"), YS_CT("saturation jitter fraction")},
    {"hsv_v", YS_CT("Brightness"), YS_CT("value jitter fraction")},
    {"degrees", YS_CT("Rotation"), YS_CT("rotation +/- degrees")},
    {"translate", YS_CT("Translation"), YS_CT("translation +/- fraction")},
    {"scale", YS_CT("Scale"), YS_CT("scale +/- gain")},
    {"shear", YS_CT("Shear"), YS_CT("shear +/- degrees")},
    {"perspective", YS_CT("Perspective"), YS_CT("perspective coefficient")},
    {"flipud", YS_CT("Vertical flip"), YS_CT("vertical flip probability")},
    {"fliplr", YS_CT("Horizontal flip"), YS_CT("horizontal flip probability")},
    {"mosaic", YS_CT("Mosaic"), YS_CT("mosaic probability")},
    {"mixup", YS_CT("Mixup"), YS_CT("mixup probability")},
    {"copy_paste", YS_CT("Copy-paste"), YS_CT("copy-paste probability (segments only)")},
    {"conf", YS_CT("Confidence threshold"), YS_CT("NMS confidence threshold")},
    {"iou", YS_CT("NMS IoU threshold"), YS_CT("NMS IoU threshold")},
    {"max_det", YS_CT("Max detections"), YS_CT("detections per image")},
};

// Core's ConfigKey::minText values.
const char* const kMinimumTexts[] = {YS_CT("auto"), YS_CT("main thread"), YS_CT("off"), YS_CT("never"),
                                     YS_CT("all cores")};

struct ChoiceText {
    const char* key;
    const char* value;
    const char* text;
};
const ChoiceText kChoices[] = {
    {"amp", "auto", YS_CT("auto (fp16 on CUDA, bf16 where the CPU has it)")},
    {"amp", "off", YS_CT("off (fp32)")},
    {"amp", "fp16", YS_CT("fp16")},
    {"amp", "bf16", YS_CT("bf16")},
    {"cache", "off", YS_CT("off")},
    {"cache", "ram", YS_CT("RAM")},
    {"optimizer", "auto", YS_CT("auto (SGD for long runs, AdamW for short ones)")},
};

struct PresetText {
    const char* id;
    const char* title;
    const char* description;  // = core's ConfigPreset::description
};
const PresetText kPresets[] = {
    {"ultralytics", YS_CT("Ultralytics defaults"),
     YS_CT("Every training setting at the value Ultralytics uses by default (YOLOv8 / YOLO11). Dataset, model, "
           "device, memory budget and output folder stay as they are.")},
    {"yolov9-scratch-high", YS_CT("YOLOv9 hyp.scratch-high"),
     YS_CT("The hyperparameters of YOLOv9's hyp.scratch-high.yaml (training from scratch with strong "
           "augmentation): scale 0.9, mixup 0.15, copy-paste 0.3, the rest as Ultralytics.")},
    {"low-memory", YS_CT("Low memory"),
     YS_CT("For a 4-6 GB GPU or a small machine: batch 8 with nbs 64 (8 batches accumulated, so the optimizer "
           "still steps on 64 images and weight decay is unchanged), mixed precision on, no RAM cache, 2 loader "
           "workers. Image size and augmentation stay: they decide what the model learns. For the largest "
           "batch that fits your card, use Fit to my GPU.")},
};

const KeyText* find(const QString& key)
{
    const QByteArray k = key.toLatin1();
    for (const KeyText& t : kKeys)
        if (k == t.key)
            return &t;
    return nullptr;
}

QString tx(const char* text) { return QCoreApplication::translate(kContext, text); }

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
    for (const KeyText& t : kKeys)
        keys << QString::fromLatin1(t.key);
    return keys;
}

QString groupLabel(ConfigKey::Group group)
{
    switch (group) {
    case ConfigKey::Group::ModelData: return tx(YS_CT("Model & data"));
    case ConfigKey::Group::Schedule: return tx(YS_CT("Schedule"));
    case ConfigKey::Group::Memory: return tx(YS_CT("Memory & precision"));
    case ConfigKey::Group::Optimizer: return tx(YS_CT("Optimizer"));
    case ConfigKey::Group::Loss: return tx(YS_CT("Loss gains"));
    case ConfigKey::Group::Augment: return tx(YS_CT("Augmentation"));
    case ConfigKey::Group::Validation: return tx(YS_CT("Validation"));
    case ConfigKey::Group::Output: return tx(YS_CT("Output"));
    }
    return QString::fromUtf8(ys::groupTitle(group));
}

QString unitSuffix(ConfigKey::Unit unit)
{
    switch (unit) {
    case ConfigKey::Unit::None: return {};
    case ConfigKey::Unit::Pixels: return tx(YS_CT(" px"));
    case ConfigKey::Unit::Images: return tx(YS_CT(" images"));
    case ConfigKey::Unit::Epochs: return tx(YS_CT(" epochs"));
    case ConfigKey::Unit::Threads: return tx(YS_CT(" threads"));
    case ConfigKey::Unit::Degrees: return tx(YS_CT("°"));
    case ConfigKey::Unit::Boxes: return tx(YS_CT(" boxes"));
    }
    return {};
}

QString minimumText(const ConfigKey& key)
{
    if (!key.minText)
        return {};
    for (const char* t : kMinimumTexts)
        if (std::strcmp(t, key.minText) == 0)
            return tx(t);
    return QString::fromUtf8(key.minText);
}

QString choiceText(const QString& key, const QString& value)
{
    const QByteArray k = key.toLatin1(), v = value.toUtf8();
    for (const ChoiceText& c : kChoices)
        if (k == c.key && v == c.value)
            return tx(c.text);
    return value;
}

QString problemText(const ConfigProblem& p)
{
    using R = ConfigProblem::Reason;
    const QString value = QString::fromStdString(p.value);
    switch (p.reason) {
    case R::UnknownKey: return tx(YS_CT("unknown setting"));
    case R::NotBool: return tx(YS_CT("must be true or false, not “%1”")).arg(value);
    case R::NotWhole: return tx(YS_CT("must be a whole number, not “%1”")).arg(value);
    case R::NotNumber: return tx(YS_CT("must be a number, not “%1”")).arg(value);
    case R::OutOfRange:
        return tx(YS_CT("must be between %1 and %2, not %3")).arg(QString::number(p.min), QString::number(p.max), value);
    case R::NotAChoice: {
        QStringList choices;
        for (const std::string& c : p.choices)
            choices << QString::fromStdString(c);
        return tx(YS_CT("must be one of %1, not “%2”")).arg(choices.join(QStringLiteral(", ")), value);
    }
    case R::ResumeNeedsPath: return tx(YS_CT("must be the path of a run's weights/last.pt or of its run folder"));
    case R::NotMultipleOf32: return tx(YS_CT("must be a multiple of 32 (the model's largest stride), not %1")).arg(value);
    case R::BatchZero: return tx(YS_CT("must be at least 1, or auto to fit it to memory"));
    case R::NoData: return tx(YS_CT("no dataset: open one, or choose its data.yaml"));
    case R::NoModel: return tx(YS_CT("no model: pick one"));
    case R::BadMemoryBudget:
        return tx(YS_CT("must be a size such as 8GiB or 6000MB, or a fraction such as 0.8, not “%1”")).arg(value);
    case R::BadDevice: return tx(YS_CT("must be cpu, a GPU index such as 0, or cuda:0, not “%1”")).arg(value);
    }
    return QString::fromStdString(p.toError().message);
}

QString presetTitle(const std::string& id)
{
    for (const PresetText& p : kPresets)
        if (id == p.id)
            return tx(p.title);
    return QString::fromStdString(id);
}

QString presetDescription(const std::string& id)
{
    for (const PresetText& p : kPresets)
        if (id == p.id)
            return tx(p.description);
    return {};
}

}  // namespace ys::ui
