#pragma once
// How serious something is: one scale for the checker's findings and the trainer's events, so the GUI
// shows both with the same icons and colours.

#include <cstdint>

namespace ys {

enum class Severity : uint8_t { Error = 0, Warning = 1, Info = 2 };
const char* toString(Severity s);  // "error", "warning", "info"

}  // namespace ys
