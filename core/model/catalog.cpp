// builtinModels(): the models embedded in the library, for pickers. Torch-free.
#include "model/internal/spec.h"
#include "model/model.h"

namespace ys {
namespace {

// The family Ultralytics' own default model is of (8.4: `YOLO("yolo26n.pt")` in its docs and CLI examples).
constexpr const char* kUltralyticsDefaultFamily = "yolo26";

}  // namespace

std::vector<BuiltinModel> builtinModels()
{
    // One entry per name a user can give (builtinModelNames: each family's scales in its YAML's order, YOLOv9
    // one file per scale); the display family is the model name without its scale letter ("YOLO11s" -> "YOLO11").
    std::vector<BuiltinModel> models;
    for (const std::string& file : builtinModelNames()) {
        auto spec = loadModelSpec(file, 0);
        if (!spec)
            continue;  // embedded text; tests parse every built-in model
        std::string family = spec->name;
        if (spec->scale && !family.empty() && family.back() == spec->scale)
            family.pop_back();
        models.push_back({file, family, spec->scale, spec->family == kUltralyticsDefaultFamily});
    }
    return models;
}

}  // namespace ys
