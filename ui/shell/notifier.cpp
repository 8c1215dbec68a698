#include "ui/shell/notifier.h"

#include "ui/common/icons.h"
#include "ui/common/logging.h"

#include <QApplication>
#include <QSystemTrayIcon>
#include <QWidget>

namespace ys::ui {
namespace {
constexpr int kTrayMessageMs = 15000;
}

Notifier::Notifier(QWidget* window) : QObject(window), window_(window) {}

bool Notifier::notify(const QString& title, const QString& message, bool failed, double seconds)
{
    if (!shouldNotify(window_->isActiveWindow(), seconds))
        return false;
    ++sent_;
    qCInfo(lcApp).noquote() << "notify:" << title;
    if (QSystemTrayIcon::isSystemTrayAvailable() && QSystemTrayIcon::supportsMessages()) {
        if (!tray_) {
            tray_ = new QSystemTrayIcon(icon(IconId::App), this);
            tray_->setToolTip(QApplication::applicationDisplayName());
            connect(tray_, &QSystemTrayIcon::messageClicked, window_, [this] {
                window_->showNormal();
                window_->raise();
                window_->activateWindow();
            });
        }
        tray_->show();
        tray_->showMessage(title, message, failed ? QSystemTrayIcon::Critical : QSystemTrayIcon::Information,
                           kTrayMessageMs);
    }
    QApplication::alert(window_);
    return true;
}

}  // namespace ys::ui
