// yolostudio: the desktop studio. Wiring only; the application lives in ys_ui.
#include "ui/shell/studioapp.h"

int main(int argc, char** argv)
{
    return ys::ui::runStudio(argc, argv);
}
