#pragma once
// ui_screenshots --review WEIGHTS OUT_DIR [--language zh_CN] [--size WxH] (see screenshots_review.cpp).

#include <QDir>
#include <QSize>
#include <QString>

int saveReviewScreens(const QString& weights, const QDir& out, const QString& suffix, QSize windowSize);
