#pragma once
// A pickled model YAML (Ultralytics' model.yaml dict inside a checkpoint) written back as YAML text that
// parseModelSpec() reads (torch-free).

#include "common/error.h"
#include "weights/pickle.h"

#include <string>

namespace ys::weights {

// `dict` of `doc` as block YAML: dict values nest as blocks, lists of lists become one flow row per line.
// Python strings that Ultralytics evaluates as literals ('None', 'nc', 'True') are written plain where YAML keeps
// them as text anyway; words YAML itself would turn into booleans or null are quoted. An Error (its message
// saying what the YAML "holds" or how deep it nests) for values YAML cannot say.
Expected<std::string> pickledYamlText(const pickle::Document& doc, pickle::Ref dict);

}  // namespace ys::weights
