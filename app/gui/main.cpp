// yolostudio: the desktop studio. Wiring only; the application lives in ys_ui.
#include "ui/shell/studioapp.h"

#include <QByteArray>
#include <QtGlobal>

#include <cstring>

int main(int argc, char** argv)
{
    // --help and --version only print: they need no display, so they work over ssh, in scripts and for
    // help2man at build time (Qt would otherwise abort without an X11 or Wayland display).
    for (int i = 1; i < argc; ++i) {
        for (const char* option : {"-h", "--help", "--help-all", "-v", "--version"}) {
            if (std::strcmp(argv[i], option) == 0 && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
                qputenv("QT_QPA_PLATFORM", "offscreen");
        }
    }
    return ys::ui::runStudio(argc, argv);
}
