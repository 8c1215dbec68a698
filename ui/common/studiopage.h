#pragma once
// A page of the main window's left navigation (Dataset · Train · Runs). The window builds the navigation,
// the status bar, the remembered state and the close check by looping over its pages; a page names itself,
// offers its actions (they go into a menu of the page's name, shortcuts included) and its view actions (the
// window's View menu), and may keep the window open when closing it would lose work.

#include <QIcon>
#include <QList>
#include <QString>
#include <QWidget>

class QAction;
class QSettings;

namespace ys::ui {

class StudioPage : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;

    // Navigation entry: a short translated title and an icon.
    virtual QString title() const = 0;
    virtual QIcon icon() const = 0;
    // Actions of this page for the menu bar (empty: no menu). An action with a menu is shown as a submenu.
    virtual QList<QAction*> pageActions() const { return {}; }
    // Actions for the window's View menu (e.g. zoom), before the window's own.
    virtual QList<QAction*> viewActions() const { return {}; }
    // Text for the status bar while the page is shown.
    virtual QString statusText() const { return {}; }
    virtual void saveState(QSettings& settings) const { Q_UNUSED(settings) }
    virtual void restoreState(const QSettings& settings) { Q_UNUSED(settings) }
    // The window is about to close. True: close now. False: keep the window open; a page that wants the
    // close to happen later (after stopping its work) emits closeReady() when done.
    virtual bool prepareClose() { return true; }

signals:
    void statusChanged(const QString& text);
    // A short message for the status bar, gone after `timeoutMs` (e.g. "Check finished").
    void transientMessage(const QString& text, int timeoutMs);
    // The page's title or icon changed (e.g. a running indicator).
    void titleChanged();
    // The page finished what prepareClose() waited for; the window closes now.
    void closeReady();
};

}  // namespace ys::ui
