#pragma once
// Entry point of the yolostudio executable (app/gui/main.cpp only calls this):
//   yolostudio [--demo] [--language en|zh_CN] [--quit-after MS] [PATH/TO/data.yaml]

namespace ys::ui {

int runStudio(int argc, char** argv);

}  // namespace ys::ui
