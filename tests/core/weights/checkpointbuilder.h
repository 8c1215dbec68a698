#pragma once
// A small Ultralytics-shaped checkpoint assembled opcode by opcode, for the weights tests (includes LibTorch
// for c10::Half).
#include "archivewriter.h"
#include "picklewriter.h"

#include <c10/util/Half.h>

#include <iterator>

namespace ys::test {

// A checkpoint assembled opcode by opcode: {'model': DetectionModel with a Conv (fp16 weight, SiLU shared
// through the memo) and a Detect (fp32 bias, a persistent and a non-persistent buffer, the Conv's weight
// shared), 'ema': None, names, nc, stride, yaml, train_args, date, version}. Other roots, as users save them:
// torch.save(model) (the DetectionModel itself) and torch.save(YOLO(...)) (the model as its submodule).
// Ultralytics 8.4's trainer layout (engine/trainer.py save_model): {'epoch', 'best_fitness', 'stopper': {...},
// 'model': None, 'ema': the model, 'updates', 'modelopt': None, 'optimizer', 'scaler', 'train_args' with 8.4's
// keys, 'train_results', 'date', 'version': '8.4.190', 'git': {...}}, the model's `args` an
// ultralytics.utils.IterableSimpleNamespace (REDUCE then BUILD of its dict) and the head's `shape` a torch.Size;
// Distillation84: the same with 'ema' an 8.4 DistillationModel holding the model as `student_model`.
enum class CheckpointRoot { Dict, Model, YoloObject, Ultralytics84, Distillation84 };

// `task`: the task word the 8.4 layouts record in model.args and train_args.
inline Records handBuiltCheckpoint(CheckpointRoot root = CheckpointRoot::Dict, const std::string& task = "detect")
{
    const bool v84 = root == CheckpointRoot::Ultralytics84 || root == CheckpointRoot::Distillation84;
    PickleWriter w;
    auto moduleStart = [&](const char* module, const char* cls) {
        w.global(module, cls).emptyTuple().newobj().emptyDict().mark().str("training").boolean(false);
    };
    w.proto();
    if (root == CheckpointRoot::Dict) {
        w.emptyDict().mark().str("model");
    } else if (v84) {
        w.emptyDict().mark().str("epoch").integer(0).str("best_fitness").none().str("stopper").emptyDict().mark()
            .str("best_fitness").none().str("best_epoch").integer(0).setitems().str("model").none().str("ema");
        if (root == CheckpointRoot::Distillation84) {
            moduleStart("ultralytics.nn.distill_model", "DistillationModel");
            w.str("_parameters").orderedDict().str("_buffers").orderedDict();
            w.str("_modules").orderedDict().mark().str("student_model");
        }
    } else if (root == CheckpointRoot::YoloObject)
        w.global("ultralytics.models.yolo.model", "YOLO").emptyTuple().newobj().emptyDict().str("_modules")
            .orderedDict().str("model");
    moduleStart("ultralytics.nn.tasks", "DetectionModel");
    w.str("_parameters").orderedDict().str("_buffers").orderedDict();
    w.str("_modules").orderedDict().mark().str("model");
    moduleStart("torch.nn.modules.container", "Sequential");
    w.str("_parameters").orderedDict().str("_buffers").orderedDict().str("_modules").orderedDict().mark();
    w.str("0");
    moduleStart("ultralytics.nn.modules.conv", "Conv");
    w.str("_parameters").orderedDict().mark().str("weight")
        .tensor("HalfStorage", "0", 4, 0, {2, 2}, {2, 1}, true).put(200).setitems();
    w.str("_buffers").orderedDict().str("_modules").orderedDict().mark().str("act")
        .global("torch.nn.modules.activation", "SiLU").emptyTuple().newobj().put(201).emptyDict().str("_modules")
        .orderedDict().setitem().build().setitems();
    w.setitems().build();  // Conv
    w.str("1");
    moduleStart("ultralytics.nn.modules.head", "Detect");
    w.str("_parameters").orderedDict().mark().str("bias").tensor("FloatStorage", "1", 1, 0, {1}, {1}, true)
        .str("shared").get(200).setitems();
    w.str("_buffers").orderedDict().mark().str("running").tensor("LongStorage", "2", 1, 0, {}, {}, false)
        .str("tmp").tensor("FloatStorage", "3", 2, 0, {2}, {1}, false).setitems();
    w.str("_non_persistent_buffers_set").global("__builtin__", "set").emptyList().str("tmp").append().tuple1()
        .reduce();
    if (v84)
        w.str("shape").global("torch", "Size").mark().integer(1).integer(2).tuple().tuple1().reduce();
    w.str("_modules").orderedDict().mark().str("act").get(201).str("gone").none().setitems();
    w.setitems().build();  // Detect
    w.setitems().setitems().build();  // Sequential's _modules, its dict
    w.setitems();  // DetectionModel's _modules
    w.str("names").emptyDict().mark().integer(0).str("cat").integer(1).str("dog").setitems();
    w.str("nc").integer(2);
    w.str("stride").tensor("FloatStorage", "4", 3, 0, {3}, {1}, false);
    w.str("yaml").emptyDict().mark().str("nc").integer(2).str("scales").emptyDict().mark().str("s").mark()
        .binfloat(0.33).binfloat(0.5).integer(1024).op('l').setitems()
        .str("backbone").mark().mark().integer(-1).integer(1).str("Conv").mark().integer(64).integer(3).integer(2)
        .op('l').op('l').op('l')
        .str("head").mark().mark().mark().integer(-1).op('l').integer(1).str("Detect").mark().str("nc").op('l')
        .op('l').op('l')
        .str("yaml_file").str("yolov8s-tiny.yaml").setitems();
    if (v84)
        w.str("args").global("ultralytics.utils", "IterableSimpleNamespace").emptyTuple().reduce().emptyDict().mark()
            .str("task").str(task).str("imgsz").integer(320).str("cls_remap").boolean(true).str("distill_model")
            .none().str("rle").binfloat(1.0).setitems().build();
    w.setitems().build();  // DetectionModel
    if (root == CheckpointRoot::Distillation84)
        w.str("teacher_model").none().setitems().setitems().build();  // its _modules, its dict
    if (v84) {
        w.str("updates").integer(15).str("modelopt").none().str("optimizer").emptyDict().mark().str("state")
            .emptyDict().str("param_groups").emptyList().setitems().str("scaler").emptyDict();
        w.str("train_args").emptyDict().mark().str("task").str(task).str("imgsz").integer(320).str("epochs")
            .integer(3).str("data").str("data.yaml").str("cls_remap").boolean(true).str("distill_model").none()
            .str("dis").binfloat(6.0).str("rle").binfloat(1.0).str("quantize").none().str("nms").none().setitems();
        w.str("train_results").emptyDict().mark().str("epoch").emptyList().binfloat(1.0).append().setitems();
        w.str("date").str("2026-01-02T03:04:05").str("version").str("8.4.190").str("git").emptyDict().mark()
            .str("root").none().str("commit").none().setitems();
        w.setitems();
    } else if (root == CheckpointRoot::Dict) {
        w.str("ema").none().str("date").str("2026-01-02T03:04:05").str("version").str("8.3.0");
        w.str("train_args").emptyDict().mark().str("imgsz").mark().integer(320).integer(256).op('l').str("epochs")
            .integer(3).str("data").str("data.yaml").setitems();
        w.setitems();
    } else if (root == CheckpointRoot::YoloObject) {
        w.setitem().setitem().build();  // YOLO._modules['model'], YOLO.__dict__['_modules']
    }
    w.stop();

    auto floats = [](std::initializer_list<float> v) {
        return std::string(reinterpret_cast<const char*>(std::data(v)), v.size() * sizeof(float));
    };
    const c10::Half half[4] = {c10::Half(1.5f), c10::Half(-2.25f), c10::Half(0.f), c10::Half(65504.f)};
    const int64_t one = 7;
    return {{"data.pkl", w.b},
            {"data/0", std::string(reinterpret_cast<const char*>(half), sizeof half)},
            {"data/1", floats({0.5f})},
            {"data/2", std::string(reinterpret_cast<const char*>(&one), sizeof one)},
            {"data/3", floats({1.f, 2.f})},
            {"data/4", floats({8.f, 16.f, 32.f})}};
}

}  // namespace ys::test
