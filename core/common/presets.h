#pragma once
// Training presets: named sets of values a user starts from (the CLI's `preset=`, the form's Presets
// menu). A preset sets the keys it lists and leaves every other key as it is. Plain C++; English text here,
// the GUI translates it by the preset's id.

#include "common/config.h"

#include <string>
#include <utility>
#include <vector>

namespace ys {

struct ConfigPreset {
    std::string id;           // stable: "ultralytics", "yolov9-scratch-high", "low-memory"
    std::string title;        // English, as a menu shows it
    std::string description;  // English: what it changes and why
    std::vector<std::pair<std::string, std::string>> values;  // key -> value as set() reads it, registry order
};

// Every preset, in menu order.
const std::vector<ConfigPreset>& configPresets();
// The preset called `id`, or nullptr.
const ConfigPreset* findPreset(const std::string& id);
// `config` with the preset's values set.
TrainConfig withPreset(TrainConfig config, const ConfigPreset& preset);

}  // namespace ys
