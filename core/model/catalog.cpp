// builtinModels(): the models embedded in the library, for pickers. Torch-free.
#include "model/internal/spec.h"
#include "model/model.h"

#include <yaml-cpp/yaml.h>

namespace ys {

std::vector<BuiltinModel> builtinModels()
{
    // Integration point for the model families being added (YOLO11, YOLOv9): list every embedded family
    // here; each family's scales come from its own YAML.
    struct Family {
        const char* stem;
        const std::string& yaml;
    };
    const Family families[] = {{"yolov8", builtinYolov8Yaml()}};
    std::vector<BuiltinModel> models;
    for (const Family& f : families) {
        YAML::Node scales;
        try {
            scales = YAML::Load(f.yaml)["scales"];
        } catch (const YAML::Exception&) {
            continue;  // embedded text; tests parse it
        }
        for (const auto& kv : scales) {
            const std::string letter = kv.first.as<std::string>("");
            if (letter.size() != 1)
                continue;
            const std::string file = std::string(f.stem) + letter + ".yaml";
            auto spec = loadModelSpec(file, 0);
            if (!spec)
                continue;
            // "YOLOv8n" -> "YOLOv8"
            std::string family = spec->name;
            if (!family.empty() && family.back() == letter[0])
                family.pop_back();
            models.push_back({file, family, letter[0]});
        }
    }
    return models;
}

}  // namespace ys
