// The code host's seeded data. The projects, people and facts the published tasks name are
// fixed; the seed varies the generated users and projects, times, texts and who starred what
// below the fixed rankings, so every published answer holds for every seed.
#include "sim/sites/gitlab_data.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <ctime>
#include <map>
#include <set>

#include "sim/rng.h"

namespace wa {

const std::string_view kGitlabSchema = R"sql(
CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT NOT NULL UNIQUE COLLATE NOCASE,
                    name TEXT NOT NULL, password TEXT NOT NULL, email TEXT NOT NULL,
                    bio TEXT NOT NULL DEFAULT '', website TEXT NOT NULL DEFAULT '',
                    status TEXT NOT NULL DEFAULT '', location TEXT NOT NULL DEFAULT '',
                    feed_token TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE namespaces (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE COLLATE NOCASE,
                         name TEXT NOT NULL, kind TEXT NOT NULL, user_id INTEGER,
                         description TEXT NOT NULL DEFAULT '');
CREATE TABLE projects (id INTEGER PRIMARY KEY, namespace_id INTEGER NOT NULL,
                       path TEXT NOT NULL COLLATE NOCASE, name TEXT NOT NULL,
                       description TEXT NOT NULL DEFAULT '', visibility TEXT NOT NULL,
                       default_branch TEXT NOT NULL, creator_id INTEGER NOT NULL,
                       created_at INTEGER NOT NULL, last_activity_at INTEGER NOT NULL,
                       UNIQUE (namespace_id, path));
CREATE TABLE members (project_id INTEGER NOT NULL, user_id INTEGER NOT NULL,
                      access INTEGER NOT NULL, expires_at TEXT NOT NULL DEFAULT '',
                      created_at INTEGER NOT NULL, PRIMARY KEY (project_id, user_id));
CREATE TABLE stars (user_id INTEGER NOT NULL, project_id INTEGER NOT NULL,
                    created_at INTEGER NOT NULL, PRIMARY KEY (user_id, project_id));
CREATE INDEX stars_by_project ON stars (project_id);
CREATE TABLE follows (follower_id INTEGER NOT NULL, followee_id INTEGER NOT NULL,
                      created_at INTEGER NOT NULL, PRIMARY KEY (follower_id, followee_id));
CREATE TABLE branches (project_id INTEGER NOT NULL, name TEXT NOT NULL,
                       created_at INTEGER NOT NULL, PRIMARY KEY (project_id, name));
CREATE TABLE commits (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL, branch TEXT NOT NULL,
                      sha TEXT NOT NULL, author_name TEXT NOT NULL, author_email TEXT NOT NULL,
                      author_id INTEGER, authored_at INTEGER NOT NULL, message TEXT NOT NULL);
CREATE INDEX commits_by_project ON commits (project_id, authored_at);
CREATE TABLE files (project_id INTEGER NOT NULL, path TEXT NOT NULL, content TEXT NOT NULL,
                    PRIMARY KEY (project_id, path));
CREATE TABLE labels (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL, name TEXT NOT NULL,
                     color TEXT NOT NULL, description TEXT NOT NULL DEFAULT '');
CREATE TABLE issues (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL, iid INTEGER NOT NULL,
                     title TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
                     author_id INTEGER NOT NULL, state TEXT NOT NULL, created_at INTEGER NOT NULL,
                     updated_at INTEGER NOT NULL, closed_at INTEGER, due_date TEXT NOT NULL
                     DEFAULT '', milestone TEXT NOT NULL DEFAULT '',
                     UNIQUE (project_id, iid));
CREATE TABLE issue_labels (issue_id INTEGER NOT NULL, label_id INTEGER NOT NULL,
                           PRIMARY KEY (issue_id, label_id));
CREATE TABLE issue_assignees (issue_id INTEGER NOT NULL, user_id INTEGER NOT NULL,
                              PRIMARY KEY (issue_id, user_id));
CREATE TABLE merge_requests (id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL,
                             iid INTEGER NOT NULL, title TEXT NOT NULL,
                             description TEXT NOT NULL DEFAULT '', author_id INTEGER NOT NULL,
                             source_branch TEXT NOT NULL, target_branch TEXT NOT NULL,
                             state TEXT NOT NULL, created_at INTEGER NOT NULL,
                             updated_at INTEGER NOT NULL, topic TEXT NOT NULL DEFAULT '',
                             UNIQUE (project_id, iid));
CREATE TABLE mr_assignees (mr_id INTEGER NOT NULL, user_id INTEGER NOT NULL,
                           PRIMARY KEY (mr_id, user_id));
CREATE TABLE mr_reviewers (mr_id INTEGER NOT NULL, user_id INTEGER NOT NULL,
                           PRIMARY KEY (mr_id, user_id));
CREATE TABLE notes (id INTEGER PRIMARY KEY, target_type TEXT NOT NULL, target_id INTEGER NOT NULL,
                    author_id INTEGER NOT NULL, body TEXT NOT NULL, created_at INTEGER NOT NULL,
                    system INTEGER NOT NULL DEFAULT 0);
CREATE INDEX notes_by_target ON notes (target_type, target_id, id);
CREATE TABLE todos (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, project_id INTEGER NOT NULL,
                    target_type TEXT NOT NULL, target_id INTEGER NOT NULL, action TEXT NOT NULL,
                    author_id INTEGER NOT NULL, state TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE tokens (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, name TEXT NOT NULL,
                     scopes TEXT NOT NULL, expires_at TEXT NOT NULL DEFAULT '',
                     created_at INTEGER NOT NULL, revoked INTEGER NOT NULL DEFAULT 0);
)sql";

std::string AccessName(int64_t level) {
  switch (level) {
    case kGuest:
      return "Guest";
    case kReporter:
      return "Reporter";
    case kDeveloper:
      return "Developer";
    case kMaintainer:
      return "Maintainer";
    case kOwner:
      return "Owner";
    default:
      return "Unknown";
  }
}

int AccessLevel(std::string_view name) {
  std::string n;
  for (char c : name) n += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (n == "guest") return kGuest;
  if (n == "reporter") return kReporter;
  if (n == "developer") return kDeveloper;
  if (n == "maintainer") return kMaintainer;
  if (n == "owner") return kOwner;
  return -1;
}

std::string GitlabPathOf(std::string_view name) {
  std::string out;
  for (char c : name) {
    unsigned char u = static_cast<unsigned char>(c);
    if (c == ' ') {
      out += '-';
    } else if (std::isalnum(u) || c == '-' || c == '_' || c == '.') {
      out += c;
    }
  }
  return out;
}

std::string GitlabSha(uint64_t n) {
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  uint64_t z = n * 0x9e3779b97f4a7c15ULL + 0x632be59bd9b4e019ULL;
  while (out.size() < 40) {
    z ^= z >> 30;
    z *= 0xbf58476d1ce4e5b9ULL;
    z ^= z >> 27;
    z *= 0x94d049bb133111ebULL;
    z ^= z >> 31;
    for (int i = 0; i < 16 && out.size() < 40; ++i) out += kHex[(z >> (4 * i)) & 15];
  }
  return out;
}

const std::vector<ProjectTemplate>& GitlabProjectTemplates() {
  static const std::vector<ProjectTemplate> kTemplates = {
      {"Ruby on Rails",
       "rails",
       "Includes an MVC structure, Gemfile, Rakefile, along with many others, to help you get "
       "started",
       {{"README.md", "# Ruby on Rails\n\nA Rails application created from the template."},
        {"Gemfile", "source 'https://rubygems.org'\ngem 'rails', '~> 7.0'"},
        {"config/routes.rb", "Rails.application.routes.draw do\nend"}}},
      {"Spring",
       "spring",
       "Includes an MVC structure, mvnw and pom.xml to help you get started",
       {{"README.md", "# Spring\n\nA Spring Boot application created from the template."},
        {"pom.xml", "<project><artifactId>demo</artifactId></project>"},
        {"src/main/java/com/example/demo/DemoApplication.java",
         "public class DemoApplication {}"}}},
      {"NodeJS Express",
       "express",
       "Includes an MVC structure to help you get started",
       {{"README.md", "# NodeJS Express\n\nAn Express server created from the template."},
        {"package.json", "{\"name\": \"express-example\", \"main\": \"server.js\"}"},
        {"server.js", "const express = require('express');"}}},
      {"iOS (Swift)",
       "iosswift",
       "A ready-to-go template for use with iOS Swift apps",
       {{"README.md", "# iOS (Swift)\n\nAn iOS application created from the template."},
        {"App/AppDelegate.swift", "import UIKit"}}},
      {".NET Core",
       "dotnetcore",
       "A .NET Core console application template, customizable for any .NET Core project",
       {{"README.md", "# .NET Core\n\nA console application created from the template."},
        {"Program.cs", "class Program { static void Main() {} }"}}},
      {"Android",
       "android",
       "A ready-to-go template for use with Android apps",
       {{"README.md", "# Android\n\nAn Android application created from the template."},
        {"app/build.gradle", "apply plugin: 'com.android.application'"},
        {"app/src/main/AndroidManifest.xml", "<manifest package=\"com.example.app\"/>"},
        {"settings.gradle", "include ':app'"}}},
      {"Go Micro",
       "gomicro",
       "Go Micro is a framework for micro service development",
       {{"README.md", "# Go Micro\n\nA micro service created from the template."},
        {"main.go", "package main"}}},
      {"Pages/Plain HTML",
       "plainhtml",
       "Everything you need to create a GitLab Pages site using plain HTML",
       {{"README.md", "# Plain HTML\n\nA GitLab Pages site created from the template."},
        {"public/index.html", "<!DOCTYPE html><html><body>Hello</body></html>"}}},
      {"Pages/Hugo",
       "hugo",
       "Everything you need to create a GitLab Pages site using Hugo",
       {{"README.md", "# Hugo\n\nA Hugo site created from the template."},
        {"config.toml", "baseurl = \"/\""}}},
      {"Pages/Jekyll",
       "jekyll",
       "Everything you need to create a GitLab Pages site using Jekyll",
       {{"README.md", "# Jekyll\n\nA Jekyll site created from the template."},
        {"_config.yml", "title: Jekyll site"}}},
      {"Serverless Framework/JS",
       "serverless_framework",
       "A basic page and serverless function that uses AWS Lambda, AWS API Gateway, and GitLab "
       "Pages",
       {{"README.md", "# Serverless Framework\n\nCreated from the template."},
        {"serverless.yml", "service: gitlab-example"}}},
      {"Sandbox Cloud",
       "sandbox_cloud",
       "Enables sandbox cloud environments for learning and experimentation",
       {{"README.md", "# Sandbox Cloud\n\nCreated from the template."}}},
  };
  return kTemplates;
}

namespace {

struct UserSpec {
  const char* username;
  const char* name;
};

// People the published tasks name, and the authors of the fixed histories.
const UserSpec kNamedUsers[] = {
    {"byteblaze", "Byte Blaze"},
    {"vinta", "Vinta Chen"},
    {"lahwaacz", "Jakub Klinkovský"},
    {"koush", "Koushik Dutta"},
    {"bblanchon", "Benoît Blanchon"},
    {"abisubramanya27", "Abishek S"},
    {"primer", "Primer"},
    {"convexegg", "Convex Egg"},
    {"yjlou", "Yi-Jun Lo"},
    {"roshanjossey", "Roshan Jossy"},
    {"davepgreene", "Dave Greene"},
    {"eriklindernoren", "Erik Linder-Norén"},
    {"kkroening", "Karl Kroening"},
    {"ericwbailey", "Eric Bailey"},
    {"kilianvalkhof", "Kilian Valkhof"},
    {"scottaohara", "Scott O'Hara"},
    {"hiddedevries", "Hidde de Vries"},
    {"michaelfairchild", "Michael Fairchild"},
    {"tingyuchen", "Ting-Yu Chen"},
    {"weilunchu", "Wei-Lun Chu"},
    {"mk-j", "Mark Jones"},
    {"tannerhodges", "Tanner Hodges"},
    {"nickgrayson", "Nick Grayson"},
    {"sarahfossheim", "Sarah Fossheim"},
    {"jcouture", "Jonathan Couture"},
    {"thomasdavis", "Thomas Davis"},
    {"sebastianmay", "Sebastian May"},
    {"annaklein", "Anna Klein"},
    {"danabramov", "Dan Abramov"},
    {"gaearon", "Gaearon Bot"},
    {"stasm", "Stanislav Marek"},
    {"tokarev", "Ilya Tokarev"},
    {"mgonto", "Martin Gontovnikas"},
    {"stianst", "Stian Thorgersen"},
    {"pablovilas", "Pablo Vilas"},
    {"nickcharlton", "Nick Charlton"},
    {"kimjeong", "Jeong Kim"},
    {"lucasfernandes", "Lucas Fernandes"},
    {"amyhuang", "Amy Huang"},
};

const char* const kFirst[] = {
    "James",  "Mary",    "Robert", "Patricia", "John",    "Jennifer", "Michael", "Linda",
    "David",  "Barbara", "Daniel", "Susan",    "Matthew", "Jessica",  "Andrew",  "Sarah",
    "Joshua", "Karen",   "Ryan",   "Nancy",    "Kevin",   "Lisa",     "Brian",   "Emily",
    "Jason",  "Laura",   "Gary",   "Rachel",   "Eric",    "Hannah",   "Jacob",   "Olivia",
    "Tomas",  "Yuki",    "Priya",  "Mateo",    "Ingrid",  "Omar",     "Lena",    "Felix"};
const char* const kLast[] = {
    "Smith",  "Johnson", "Brown",  "Garcia",   "Miller",   "Davis",    "Wilson",  "Moore",
    "Taylor", "Thomas",  "White",  "Harris",   "Martin",   "Thompson", "Clark",   "Lewis",
    "Walker", "Young",   "Allen",  "Wright",   "Scott",    "Green",    "Baker",   "Adams",
    "Nelson", "Hill",    "Rivera", "Mitchell", "Perez",    "Roberts",  "Tanaka",  "Novak",
    "Okafor", "Larsen",  "Singh",  "Moreau",   "Kowalski", "Haddad",   "Fischer", "Silva"};

struct ProjectSpec {
  const char* ns;  // namespace path
  const char* name;
  const char* description;
  int stars;
  const char* branch;                     // default branch
  std::vector<const char*> contributors;  // usernames, most commits first
};

struct GroupSpec {
  const char* path;
  const char* name;
};

const GroupSpec kGroups[] = {
    {"a11yproject", "The A11Y Project"},
    {"primerio", "Primer"},
    {"facebook", "Facebook"},
    {"keycloak", "Keycloak"},
    {"thoughtbot", "thoughtbot"},
    {"umano", "Umano"},
    {"openstreetmap", "OpenStreetMap"},
    {"gitlab-org", "GitLab.org"},
    {"sindresorhus-lab", "Sindre Sorhus Lab"},
    {"auth0", "Auth0"},
};

// The fixed projects. Star counts here are exact: the top eight by stars are the published
// ones, a11yproject.com and Primer/design tie for the most among the user's contributions.
const std::vector<ProjectSpec>& FixedProjects() {
  static const std::vector<ProjectSpec> kProjects = {
      {"umano",
       "AndroidSlidingUpPanel",
       "This library provides a simple way to add a draggable sliding up panel (popularized by "
       "Google Music and Google Maps) to your Android application.",
       95,
       "master",
       {"tokarev", "amyhuang", "kimjeong"}},
      {"facebook",
       "create-react-app",
       "Set up a modern web app by running one command.",
       88,
       "main",
       {"gaearon", "danabramov", "lucasfernandes", "thomasdavis"}},
      {"kkroening",
       "ffmpeg-python",
       "Python bindings for FFmpeg - with complex filtering support",
       80,
       "master",
       {"kkroening", "sebastianmay", "annaklein"}},
      {"mk-j",
       "PHP_XLSXWriter",
       "Lightweight XLSX Excel Spreadsheet Writer in PHP",
       74,
       "master",
       {"mk-j", "pablovilas"}},
      {"koush",
       "AndroidAsync",
       "Asynchronous socket, http(s) (client+server) and websocket library for android.",
       69,
       "master",
       {"koush", "kimjeong", "amyhuang"}},
      {"eriklindernoren",
       "PyTorch-GAN",
       "PyTorch implementations of Generative Adversarial Networks.",
       63,
       "master",
       {"eriklindernoren", "sebastianmay", "annaklein", "lucasfernandes"}},
      {"thoughtbot",
       "administrate",
       "A Rails engine that helps you put together a super-flexible admin dashboard.",
       58,
       "main",
       {"nickcharlton", "pablovilas", "thomasdavis"}},
      {"keycloak",
       "keycloak",
       "Open Source Identity and Access Management For Modern Applications and Services",
       52,
       "main",
       {"stianst", "stasm", "jcouture"}},
      {"a11yproject",
       "a11yproject.com",
       "The A11Y Project is a community-driven effort to make digital accessibility easier.",
       21,
       "main",
       {"ericwbailey", "scottaohara", "byteblaze", "kilianvalkhof", "hiddedevries",
        "michaelfairchild", "tannerhodges", "sarahfossheim", "roshanjossey"}},
      {"primerio",
       "design",
       "Primer Design Guidelines",
       21,
       "main",
       {"primer", "byteblaze", "nickgrayson"}},
      {"yjlou",
       "2019-nCov",
       "Tracking the spread of the 2019 novel coronavirus with open data.",
       17,
       "master",
       {"yjlou", "tingyuchen", "weilunchu", "amyhuang", "kimjeong"}},
      {"byteblaze",
       "a11y-syntax-highlighting",
       "Accessible light and dark syntax highlighting themes",
       9,
       "main",
       {"byteblaze"}},
      {"byteblaze",
       "a11y-webring.club",
       "A webring for digital accessibility practitioners.",
       7,
       "main",
       {"byteblaze", "davepgreene"}},
      {"byteblaze",
       "cloud-to-butt",
       "Chrome extension that replaces occurrences of 'the cloud' with 'my butt'",
       5,
       "master",
       {"byteblaze"}},
      {"byteblaze",
       "dotfiles",
       "My dotfiles: shell, editor and terminal configurations",
       3,
       "main",
       {"byteblaze"}},
      {"byteblaze",
       "empathy-prompts",
       "Ideas to help consider Inclusive Design principles when making things for others to use.",
       6,
       "main",
       {"byteblaze", "convexegg"}},
      {"byteblaze",
       "gimmiethat.space",
       "A list of web resources for people who want more space.",
       2,
       "main",
       {"byteblaze"}},
      {"byteblaze",
       "millennials-to-snake-people",
       "Chrome extension that replaces occurrences of 'Millennials' with 'Snake People'",
       4,
       "master",
       {"byteblaze"}},
      {"byteblaze",
       "remove-board-movement-events-from-the-github-issue-timeline",
       "A browser extension that removes board movement events from the GitHub issue timeline, so "
       "only the items you care about remain.",
       1,
       "main",
       {"byteblaze"}},
      {"byteblaze",
       "timeline-of-accessibility",
       "A timeline of digital accessibility milestones.",
       0,
       "main",
       {"byteblaze"}},
      {"gitlab-org",
       "gitlab-shell",
       "SSH access and repository management for GitLab",
       44,
       "main",
       {"stasm", "jcouture"}},
      {"openstreetmap",
       "openstreetmap-website",
       "The Rails application that powers OpenStreetMap",
       41,
       "master",
       {"tannerhodges", "thomasdavis"}},
      {"vinta",
       "awesome-python",
       "A curated list of awesome Python frameworks, libraries, software and resources",
       39,
       "master",
       {"vinta", "annaklein"}},
      {"lahwaacz",
       "arch-wiki-docs",
       "A script to download pages from Arch Wiki for offline browsing",
       12,
       "master",
       {"lahwaacz"}},
      {"bblanchon",
       "ArduinoJson",
       "JSON library for Arduino and embedded C++. Simple and efficient.",
       37,
       "6.x",
       {"bblanchon", "pablovilas"}},
      {"abisubramanya27",
       "ml-notes",
       "Notes and code from machine learning courses",
       3,
       "main",
       {"abisubramanya27"}},
      {"convexegg", "egg-timer", "A tiny command line timer", 1, "main", {"convexegg"}},
      {"sebastianmay",
       "keras-gan",
       "Keras implementations of Generative Adversarial Networks.",
       33,
       "master",
       {"sebastianmay", "annaklein"}},
      {"annaklein",
       "gan-playground",
       "Small GAN experiments in Python notebooks",
       8,
       "main",
       {"annaklein"}},
      {"amyhuang",
       "tensorflow-gan-examples",
       "Examples of GANs implemented with TensorFlow",
       14,
       "master",
       {"amyhuang", "kimjeong"}},
      {"thomasdavis", "jsonresume-theme", "A JSON Resume theme", 11, "master", {"thomasdavis"}},
      {"facebook",
       "react-native-website",
       "Configuration and documentation powering the React Native website",
       30,
       "main",
       {"danabramov", "gaearon"}},
      {"keycloak",
       "keycloak-documentation",
       "Documentation for Keycloak",
       19,
       "main",
       {"stianst", "stasm"}},
      {"thoughtbot",
       "factory_bot",
       "A library for setting up Ruby objects as test data.",
       35,
       "main",
       {"nickcharlton", "thomasdavis"}},
      {"umano",
       "umano-android-samples",
       "Sample apps for Umano's Android libraries",
       6,
       "master",
       {"tokarev"}},
      // Repositories the Reddit + GitLab tasks promote.
      {"convexegg",
       "chatgpt",
       "A ChatGPT command line client and prompt collection",
       4,
       "main",
       {"convexegg"}},
      {"auth0",
       "angular-storage",
       "A storage library for AngularJS done right",
       5,
       "master",
       {"mgonto"}},
  };
  return kProjects;
}

const char* const kProjectWords[] = {
    "awesome", "tiny",   "fast",   "simple", "open",  "modern", "react", "vue",   "rust",
    "python",  "go",     "swift",  "kotlin", "ruby",  "cloud",  "data",  "ml",    "web",
    "cli",     "api",    "design", "docs",   "chart", "graph",  "maps",  "image", "audio",
    "video",   "parser", "router", "cache",  "queue", "auth",   "theme", "icons", "lint"};
const char* const kProjectNouns[] = {
    "toolkit", "server", "client",    "kit",     "utils",  "starter",   "boilerplate",
    "engine",  "bot",    "notes",     "guide",   "sdk",    "plugin",    "extension",
    "library", "app",    "dashboard", "scripts", "config", "generator", "tracker"};

const char* const kCommitVerbs[] = {"Fix",     "Update",   "Add",   "Refactor", "Remove",
                                    "Improve", "Document", "Tweak", "Clean up", "Rename"};
const char* const kCommitObjects[] = {
    "README",       "build script",   "tests",       "navigation", "color contrast",
    "footer links", "dependencies",   "typos",       "CI config",  "error handling",
    "examples",     "changelog",      "styles",      "layout",     "API docs",
    "focus states", "image alt text", "translations"};

const char* const kIssueTopics[] = {"Broken link on the about page",
                                    "Improve keyboard navigation",
                                    "Add dark mode",
                                    "Typo in the contributing guide",
                                    "Update dependencies",
                                    "Crash on startup",
                                    "Support Python 3.11",
                                    "Better error messages",
                                    "Documentation is out of date",
                                    "Add examples for beginners",
                                    "Slow build times",
                                    "Add a changelog",
                                    "Missing license file",
                                    "Tests fail on Windows",
                                    "Feature request: export to CSV",
                                    "Question about configuration",
                                    "Images are missing alt text",
                                    "Focus outline is invisible",
                                    "Mobile layout overflows",
                                    "How do I install this?",
                                    "Add unit tests",
                                    "Refactor the parser",
                                    "Use semantic HTML for the menu",
                                    "Remove unused code",
                                    "Add contributor guidelines"};

const char* const kLabelNames[] = {"bug",         "enhancement",      "question", "documentation",
                                   "help wanted", "good first issue", "feature",  "discussion",
                                   "wontfix",     "duplicate"};
const char* const kLabelColors[] = {"#d9534f", "#5cb85c", "#428bca", "#8e44ad", "#f0ad4e",
                                    "#7f8c8d", "#1abc9c", "#34495e", "#ffecdb", "#cccccc"};

const char* const kNoteTexts[] = {"Thanks for reporting this!",
                                  "I can reproduce this on my machine.",
                                  "Could you share more details?",
                                  "This should be fixed in the latest version.",
                                  "Looks good to me.",
                                  "I left a few comments inline.",
                                  "+1, I have the same problem.",
                                  "Closing as resolved.",
                                  "Would a pull request for this be welcome?",
                                  "Let's discuss this in the next meeting."};

class Builder {
 public:
  Builder(Db& db, Rng& rng) : db_(db), rng_(rng) {}

  Db& db_;
  Rng& rng_;
  std::map<std::string, int64_t> user_id;  // username -> id
  std::map<std::string, std::string> user_name;
  std::map<std::string, int64_t> ns_id;
  std::vector<int64_t> generated_users;
  int64_t next_commit = 1;

  Status AddUser(const std::string& username, const std::string& name, int64_t created) {
    const int64_t id = static_cast<int64_t>(user_id.size()) + 1;
    std::string token;
    if (username == kGitlabUser) {
      token = std::string(kGitlabFeedToken);
    } else {
      static const char kChars[] =
          "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_";
      for (int i = 0; i < 20; ++i) token += kChars[rng_.Uniform(sizeof(kChars) - 1)];
    }
    WA_RETURN_IF_ERROR(
        db_.Run("INSERT INTO users (id, username, name, password, email, feed_token, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                {id, username, name, username == kGitlabUser ? "hello1234" : "password123",
                 username + "@example.com", token, created}));
    WA_RETURN_IF_ERROR(
        db_.Run("INSERT INTO namespaces (path, name, kind, user_id) VALUES (?, ?, 'user', ?)",
                {username, name, id}));
    ns_id[username] = db_.LastInsertRowId();
    user_id[username] = id;
    user_name[username] = name;
    return Status::Ok();
  }

  int64_t RandomTime(int64_t lo, int64_t hi) { return rng_.Range(lo, hi); }

  Status AddCommit(int64_t project, const std::string& branch, const std::string& username,
                   int64_t at, const std::string& message) {
    const int64_t n = next_commit++;
    auto it = user_id.find(username);
    const std::string& name = user_name[username];
    return db_.Run(
        "INSERT INTO commits (id, project_id, branch, sha, author_name, author_email, author_id, "
        "authored_at, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        {n, project, branch, GitlabSha(static_cast<uint64_t>(n)), name, username + "@example.com",
         it == user_id.end() ? SqlParam(nullptr) : SqlParam(it->second), at, message});
  }

  std::string CommitMessage() {
    return std::string(kCommitVerbs[rng_.Uniform(std::size(kCommitVerbs))]) + " " +
           kCommitObjects[rng_.Uniform(std::size(kCommitObjects))];
  }
};

// Dates of day `d` of a month as Unix seconds at a time of day.
int64_t Day(int y, int m, int d, int hour = 12) {
  // Days from civil (Howard Hinnant's algorithm).
  y -= m <= 2;
  const int era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return (static_cast<int64_t>(era) * 146097 + static_cast<int64_t>(doe) - 719468) * 86400 +
         hour * 3600;
}

}  // namespace

Status PopulateGitlab(Db& db, uint64_t seed) {
  Rng rng = Rng(seed).Split("gitlab");
  Builder b(db, rng);
  const int64_t t0 = Day(2018, 1, 1);
  const int64_t t1 = kGitlabNow - 86400;

  // Users: the signed-in account and the named people, then generated ones up to 230.
  for (const UserSpec& u : kNamedUsers) {
    WA_RETURN_IF_ERROR(b.AddUser(u.username, u.name, b.RandomTime(t0, t0 + 300 * 86400)));
  }
  while (b.user_id.size() < 230) {
    std::string first = kFirst[rng.Uniform(std::size(kFirst))];
    std::string last = kLast[rng.Uniform(std::size(kLast))];
    std::string username;
    for (char c : first.substr(0, 1 + rng.Uniform(first.size())) + last) {
      username += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (rng.Uniform(3) == 0) username += std::to_string(rng.Range(1, 99));
    if (b.user_id.count(username)) continue;
    WA_RETURN_IF_ERROR(b.AddUser(username, first + " " + last, b.RandomTime(t0, t1 - 400 * 86400)));
    b.generated_users.push_back(b.user_id[username]);
  }
  WA_RETURN_IF_ERROR(
      db.Run("UPDATE users SET bio = ?, location = ? WHERE id = ?",
             {"Accessibility, open source and the open web.", "Pittsburgh", kGitlabUserId}));
  for (int64_t id : b.generated_users) {
    if (rng.Uniform(3) == 0) {
      WA_RETURN_IF_ERROR(
          db.Run("UPDATE users SET bio = ? WHERE id = ?",
                 {std::string("Developer working on ") +
                      kProjectWords[rng.Uniform(std::size(kProjectWords))] + " tools.",
                  id}));
    }
  }

  // Groups.
  for (const GroupSpec& g : kGroups) {
    WA_RETURN_IF_ERROR(
        db.Run("INSERT INTO namespaces (path, name, kind, user_id, description) VALUES (?, ?, "
               "'group', NULL, ?)",
               {g.path, g.name, std::string(g.name) + " projects"}));
    b.ns_id[g.path] = db.LastInsertRowId();
  }

  // Projects: fixed ones, then generated ones in user namespaces up to 165.
  struct Made {
    int64_t id;
    std::string ns, name, branch;
    std::vector<std::string> contributors;
    int stars;
    bool fixed;
  };
  std::vector<Made> projects;
  for (const ProjectSpec& p : FixedProjects()) {
    Made m{0, p.ns, p.name, p.branch, {}, p.stars, true};
    for (const char* c : p.contributors) m.contributors.push_back(c);
    projects.push_back(std::move(m));
  }
  std::set<std::string> taken;
  for (const Made& m : projects) taken.insert(m.ns + "/" + GitlabPathOf(m.name));
  while (projects.size() < 165) {
    const int64_t owner = b.generated_users[rng.Uniform(b.generated_users.size())];
    std::string owner_name;
    for (const auto& [u, id] : b.user_id) {
      if (id == owner) owner_name = u;
    }
    std::string name = std::string(kProjectWords[rng.Uniform(std::size(kProjectWords))]) + "-" +
                       kProjectNouns[rng.Uniform(std::size(kProjectNouns))];
    if (!taken.insert(owner_name + "/" + name).second) continue;
    Made m{0, owner_name, name, rng.Uniform(2) ? "main" : "master", {owner_name}, 0, false};
    m.stars = static_cast<int>(rng.Uniform(12));
    for (int extra = static_cast<int>(rng.Uniform(3)); extra > 0; --extra) {
      for (const auto& [u, id] : b.user_id) {
        if (id == b.generated_users[rng.Uniform(b.generated_users.size())] &&
            std::find(m.contributors.begin(), m.contributors.end(), u) == m.contributors.end()) {
          m.contributors.push_back(u);
        }
      }
    }
    projects.push_back(std::move(m));
  }

  std::map<std::string, int64_t> project_id;  // ns/name
  std::vector<int64_t> star_pool;             // users who may star (everyone but the account)
  for (const auto& [u, id] : b.user_id) {
    if (id != kGitlabUserId) star_pool.push_back(id);
  }
  std::sort(star_pool.begin(), star_pool.end());
  for (Made& m : projects) {
    const int64_t created = b.RandomTime(t0, Day(2021, 6, 1));
    auto owner = b.user_id.find(m.ns);
    const int64_t creator =
        owner != b.user_id.end() ? owner->second : b.user_id.at(m.contributors.front());
    auto desc = [&]() -> std::string {
      for (const ProjectSpec& p : FixedProjects()) {
        if (m.fixed && m.ns == p.ns && m.name == p.name) return p.description;
      }
      return "A " + m.name.substr(0, m.name.find('-')) + " " + m.name.substr(m.name.find('-') + 1) +
             " for everyday projects.";
    }();
    WA_RETURN_IF_ERROR(db.Run(
        "INSERT INTO projects (namespace_id, path, name, description, visibility, default_branch, "
        "creator_id, created_at, last_activity_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        {b.ns_id.at(m.ns), GitlabPathOf(m.name), m.name, desc,
         m.fixed || rng.Uniform(6) ? "public" : "internal", m.branch, creator, created, created}));
    m.id = db.LastInsertRowId();
    project_id[m.ns + "/" + m.name] = m.id;

    // Members: the owner (user namespace) or the first contributor as maintainers.
    if (owner != b.user_id.end()) {
      WA_RETURN_IF_ERROR(db.Run(
          "INSERT INTO members (project_id, user_id, access, created_at) VALUES (?, ?, ?, ?)",
          {m.id, owner->second, kOwner, created}));
    }
    for (size_t i = 0; i < m.contributors.size(); ++i) {
      const int64_t uid = b.user_id.at(m.contributors[i]);
      if (owner != b.user_id.end() && uid == owner->second) continue;
      // The user's own projects share access only where the tasks say so.
      if (m.ns == kGitlabUser) continue;
      WA_RETURN_IF_ERROR(db.Run(
          "INSERT OR IGNORE INTO members (project_id, user_id, access, created_at) VALUES (?, ?, "
          "?, ?)",
          {m.id, uid, i == 0 ? kMaintainer : kDeveloper, created + 86400}));
    }

    // Branches.
    WA_RETURN_IF_ERROR(
        db.Run("INSERT INTO branches (project_id, name, created_at) VALUES (?, ?, ?)",
               {m.id, m.branch, created}));
    static const char* kBranches[] = {"develop", "feature-docs", "fix-typos", "release-1.0",
                                      "experiment"};
    for (int k = static_cast<int>(rng.Uniform(3)); k > 0; --k) {
      WA_RETURN_IF_ERROR(
          db.Run("INSERT OR IGNORE INTO branches (project_id, name, created_at) VALUES (?, ?, ?)",
                 {m.id, kBranches[rng.Uniform(std::size(kBranches))], created + 86400 * 30}));
    }

    // Files.
    WA_RETURN_IF_ERROR(db.Run("INSERT INTO files (project_id, path, content) VALUES (?, ?, ?)",
                              {m.id, "README.md",
                               "# " + m.name + "\n\n" + desc +
                                   "\n\n## Getting started\n\nClone the repository and read the "
                                   "documentation in docs/."}));
    WA_RETURN_IF_ERROR(db.Run("INSERT INTO files (project_id, path, content) VALUES (?, ?, ?)",
                              {m.id, "LICENSE", "MIT License\n\nCopyright (c) " + m.ns}));
    WA_RETURN_IF_ERROR(db.Run("INSERT INTO files (project_id, path, content) VALUES (?, ?, ?)",
                              {m.id, ".gitignore", "node_modules/\n*.log\nbuild/"}));
    WA_RETURN_IF_ERROR(
        db.Run("INSERT INTO files (project_id, path, content) VALUES (?, ?, ?)",
               {m.id, "docs/index.md", "# Documentation\n\nUsage notes for " + m.name + "."}));
    WA_RETURN_IF_ERROR(db.Run("INSERT INTO files (project_id, path, content) VALUES (?, ?, ?)",
                              {m.id, "src/main.txt", "entry point of " + m.name}));

    // Commits: contributor i makes strictly fewer commits than contributor i - 1, so rankings
    // by commit count are unique.
    std::vector<int> counts(m.contributors.size());
    for (size_t i = 0; i < counts.size(); ++i) {
      counts[i] = i == 0 ? 12 + static_cast<int>(rng.Uniform(30))
                         : counts[i - 1] - 1 - static_cast<int>(rng.Uniform(2));
    }
    if (m.ns == "a11yproject") continue;  // fixed history below
    for (size_t i = 0; i < counts.size(); ++i) {
      if (counts[i] <= 0) continue;
      for (int k = 0; k < counts[i]; ++k) {
        WA_RETURN_IF_ERROR(b.AddCommit(m.id, m.branch, m.contributors[i],
                                       b.RandomTime(created, Day(2023, 5, 25)),
                                       k == 0 && i == 0 ? "Initial commit" : b.CommitMessage()));
      }
    }
  }

  // a11yproject.com's history: Kilian Valkhof commits once on 2023-03-05; neither Eric Bailey nor
  // Kilian Valkhof commits on 2023-01-03 (others do).
  {
    const int64_t pid = project_id.at("a11yproject/a11yproject.com");
    const std::vector<std::string> people = {"ericwbailey",  "scottaohara",      "byteblaze",
                                             "hiddedevries", "michaelfairchild", "tannerhodges",
                                             "sarahfossheim"};
    const int counts[] = {40, 26, 18, 12, 9, 6, 4};
    for (size_t i = 0; i < people.size(); ++i) {
      for (int k = 0; k < counts[i]; ++k) {
        int64_t at = b.RandomTime(Day(2019, 1, 1), Day(2023, 5, 25));
        // Keep Eric off 2023-01-03.
        if (people[i] == "ericwbailey" && at >= Day(2023, 1, 3, 0) && at < Day(2023, 1, 4, 0)) {
          at += 2 * 86400;
        }
        WA_RETURN_IF_ERROR(b.AddCommit(pid, "main", people[i], at, b.CommitMessage()));
      }
    }
    WA_RETURN_IF_ERROR(b.AddCommit(pid, "main", "scottaohara", Day(2023, 1, 3, 10),
                                   "Fix heading order on the resources page"));
    WA_RETURN_IF_ERROR(b.AddCommit(pid, "main", "hiddedevries", Day(2023, 1, 3, 15),
                                   "Update the checklist wording"));
    WA_RETURN_IF_ERROR(b.AddCommit(pid, "main", "kilianvalkhof", Day(2023, 3, 5, 14),
                                   "Improve contrast of the footer links"));
    WA_RETURN_IF_ERROR(b.AddCommit(pid, "main", "kilianvalkhof", Day(2022, 11, 20, 9),
                                   "Add Polypane to the tools list"));
    WA_RETURN_IF_ERROR(b.AddCommit(pid, "main", "kilianvalkhof", Day(2023, 3, 7, 9),
                                   "Fix a typo in the contrast post"));
    WA_RETURN_IF_ERROR(b.AddCommit(pid, "main", "ericwbailey", Day(2023, 1, 2, 16),
                                   "Publish the January newsletter"));
    WA_RETURN_IF_ERROR(db.Run(
        "INSERT OR IGNORE INTO branches (project_id, name, created_at) VALUES (?, 'redesign', ?), "
        "(?, 'dark-mode', ?)",
        {pid, Day(2022, 9, 1), pid, Day(2023, 2, 1)}));
  }

  // Stars: exact counts from the pool (never the signed-in account), except a few of the
  // account's own low-ranked ones.
  for (const Made& m : projects) {
    std::vector<int64_t> pool = star_pool;
    for (int s = 0; s < m.stars && !pool.empty(); ++s) {
      size_t k = rng.Uniform(pool.size());
      WA_RETURN_IF_ERROR(
          db.Run("INSERT INTO stars (user_id, project_id, created_at) VALUES (?, ?, ?)",
                 {pool[k], m.id, b.RandomTime(Day(2021, 6, 1), t1)}));
      pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(k));
    }
  }

  // Labels on every project; issues and merge requests.
  std::map<int64_t, std::vector<int64_t>> labels;  // project -> label ids
  for (const Made& m : projects) {
    const size_t n = m.fixed ? std::size(kLabelNames) : 3 + rng.Uniform(4);
    for (size_t i = 0; i < n; ++i) {
      WA_RETURN_IF_ERROR(db.Run(
          "INSERT INTO labels (project_id, name, color, description) VALUES (?, ?, ?, ?)",
          {m.id, kLabelNames[i], kLabelColors[i], std::string("Issues about ") + kLabelNames[i]}));
      labels[m.id].push_back(db.LastInsertRowId());
    }
  }
  const std::vector<int64_t> everyone = [&] {
    std::vector<int64_t> v;
    for (const auto& [u, id] : b.user_id) {
      if (id != kGitlabUserId) v.push_back(id);
    }
    std::sort(v.begin(), v.end());
    return v;
  }();
  auto add_issue = [&](int64_t pid, int64_t iid, const std::string& title, int64_t author,
                       const std::string& state, int64_t created, int64_t updated,
                       std::vector<int64_t> label_ids, std::vector<int64_t> assignees,
                       const std::string& due = "") -> Result<int64_t> {
    WA_RETURN_IF_ERROR(db.Run(
        "INSERT INTO issues (project_id, iid, title, description, author_id, state, created_at, "
        "updated_at, closed_at, due_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        {pid, iid, title, "Details: " + title + ".", author, state, created, updated,
         state == "closed" ? SqlParam(updated) : SqlParam(nullptr), due}));
    const int64_t id = db.LastInsertRowId();
    for (int64_t l : label_ids) {
      WA_RETURN_IF_ERROR(
          db.Run("INSERT OR IGNORE INTO issue_labels (issue_id, label_id) VALUES (?, ?)", {id, l}));
    }
    for (int64_t a : assignees) {
      WA_RETURN_IF_ERROR(db.Run(
          "INSERT OR IGNORE INTO issue_assignees (issue_id, user_id) VALUES (?, ?)", {id, a}));
    }
    return id;
  };
  auto add_note = [&](const std::string& type, int64_t target, int64_t author,
                      const std::string& body, int64_t at) {
    return db.Run(
        "INSERT INTO notes (target_type, target_id, author_id, body, created_at) VALUES (?, ?, ?, "
        "?, ?)",
        {type, target, author, body, at});
  };
  std::map<int64_t, int64_t> next_iid, next_mr;
  for (const Made& m : projects) {
    const int64_t pid = m.id;
    int64_t iid = m.ns == "a11yproject" ? 600 : 1;
    const int n =
        m.fixed ? 25 + static_cast<int>(rng.Uniform(15)) : static_cast<int>(rng.Uniform(8));
    for (int k = 0; k < n; ++k) {
      const int64_t created = b.RandomTime(Day(2020, 1, 1), Day(2023, 4, 1));
      const int64_t updated = created + b.RandomTime(0, 40 * 86400);
      std::string title = kIssueTopics[rng.Uniform(std::size(kIssueTopics))];
      std::vector<int64_t> ls;
      const auto& pl = labels[pid];
      for (int q = static_cast<int>(rng.Uniform(3)); q > 0; --q)
        ls.push_back(pl[rng.Uniform(pl.size())]);
      std::vector<int64_t> as;
      if (rng.Uniform(3) == 0) as.push_back(everyone[rng.Uniform(everyone.size())]);
      auto id = add_issue(pid, iid, title, everyone[rng.Uniform(everyone.size())],
                          rng.Uniform(3) == 0 ? "closed" : "opened", created, updated, ls, as);
      if (!id.ok()) return id.status();
      for (int q = static_cast<int>(rng.Uniform(4)); q > 0; --q) {
        WA_RETURN_IF_ERROR(add_note("issue", *id, everyone[rng.Uniform(everyone.size())],
                                    kNoteTexts[rng.Uniform(std::size(kNoteTexts))],
                                    updated - q * 3600));
      }
      static const char* kMilestones[] = {"v1.0", "v1.1", "v2.0", "Backlog"};
      if (rng.Uniform(3) == 0) {
        WA_RETURN_IF_ERROR(db.Run("UPDATE issues SET milestone = ? WHERE id = ?",
                                  {kMilestones[rng.Uniform(std::size(kMilestones))], *id}));
      }
      if (rng.Uniform(5) == 0) {
        const int64_t due = updated + b.RandomTime(7, 120) * 86400;
        std::time_t tt = static_cast<std::time_t>(due);
        std::tm tm{};
        gmtime_r(&tt, &tm);
        char buf[40];
        std::snprintf(buf, sizeof(buf), "%04d-%02d-%02d", tm.tm_year + 1900, tm.tm_mon + 1,
                      tm.tm_mday);
        WA_RETURN_IF_ERROR(db.Run("UPDATE issues SET due_date = ? WHERE id = ?", {buf, *id}));
      }
      iid += 1 + static_cast<int64_t>(rng.Uniform(m.ns == "a11yproject" ? 6 : 2));
    }
    next_iid[pid] = iid;
    next_mr[pid] = m.ns == "a11yproject" ? 1000 : 1;
  }

  // Planted issues.
  const int64_t me = kGitlabUserId;
  const int64_t a11y = project_id.at("a11yproject/a11yproject.com");
  const int64_t empathy = project_id.at("byteblaze/empathy-prompts");
  auto label_of = [&](int64_t pid, const std::string& name) -> int64_t {
    for (size_t i = 0; i < labels[pid].size() && i < std::size(kLabelNames); ++i) {
      if (name == kLabelNames[i]) return labels[pid][i];
    }
    return 0;
  };
  struct Planted {
    int64_t pid;
    int64_t iid;  // 0: next free
    const char* title;
    int64_t author;
    const char* state;
    int64_t created, updated;
    const char* label;
  };
  const std::vector<Planted> planted = {
      // "latest updated issue with 'better' in its title": empathy-prompts #8 (open).
      {empathy, 8, "Better naming for the prompt categories", me, "opened", Day(2022, 3, 2),
       Day(2023, 4, 20), "enhancement"},
      {empathy, 5, "A better way to shuffle prompts", me, "closed", Day(2021, 11, 3),
       Day(2023, 2, 11), "enhancement"},
      {a11y, 0, "Make the search results better for screen readers", me, "closed", Day(2022, 6, 1),
       Day(2022, 12, 5), "enhancement"},
      {project_id.at("byteblaze/a11y-syntax-highlighting"), 0, "Better contrast for comments", me,
       "opened", Day(2021, 5, 1), Day(2022, 8, 15), "bug"},
      // "latest created issue with homepage content in its title": a11yproject.com #719 (closed).
      {a11y, 719, "Homepage content: update the hero text", me, "closed", Day(2023, 2, 14),
       Day(2023, 3, 1), "documentation"},
      {a11y, 0, "Homepage content is out of date", me, "opened", Day(2022, 7, 9), Day(2023, 5, 2),
       "documentation"},
      {project_id.at("byteblaze/timeline-of-accessibility"), 0,
       "Move homepage content into data files", me, "opened", Day(2021, 9, 9), Day(2022, 1, 9),
       "enhancement"},
      // The 404 issue to assign.
      {a11y, 0, "404s, bad host, timeouts, bad urls for URLs linked from website",
       b.user_id.at("scottaohara"), "opened", Day(2022, 10, 4), Day(2023, 1, 15), "bug"},
      {a11y, 0, "Add a page about accessible data tables", b.user_id.at("hiddedevries"), "opened",
       Day(2022, 4, 4), Day(2022, 9, 1), "enhancement"},
      {a11y, 0, "Dark mode toggle is not announced by VoiceOver", b.user_id.at("sarahfossheim"),
       "opened", Day(2023, 1, 20), Day(2023, 3, 3), "bug"},
      {project_id.at("kkroening/ffmpeg-python"), 0, "How to concatenate audio and video streams?",
       b.user_id.at("annaklein"), "opened", Day(2022, 2, 2), Day(2022, 3, 2), "question"},
      {project_id.at("kkroening/ffmpeg-python"), 0, "Does ffmpeg-python support hardware encoding?",
       b.user_id.at("sebastianmay"), "opened", Day(2022, 8, 8), Day(2022, 9, 2), "question"},
      {project_id.at("kkroening/ffmpeg-python"), 0, "Question about filter_complex ordering",
       b.user_id.at("lucasfernandes"), "closed", Day(2021, 8, 8), Day(2021, 9, 2), "question"},
  };
  for (const Planted& p : planted) {
    // The next free number of the project (above every planted one).
    auto next_free = db.QueryInt(
        "SELECT MAX(COALESCE(MAX(iid), 0) + 1, ?) FROM issues WHERE "
        "project_id = ?",
        {next_iid[p.pid], p.pid});
    if (!next_free.ok()) return next_free.status();
    int64_t iid = p.iid == 0 ? *next_free : p.iid;
    // A planted iid may collide with a generated one: move the generated issue.
    WA_RETURN_IF_ERROR(db.Run("UPDATE issues SET iid = ? WHERE project_id = ? AND iid = ?",
                              {*next_free + 1, p.pid, iid}));
    std::vector<int64_t> ls;
    if (int64_t l = label_of(p.pid, p.label)) ls.push_back(l);
    auto id = add_issue(p.pid, iid, p.title, p.author, p.state, p.created, p.updated, ls, {});
    if (!id.ok()) return id.status();
  }
  // The account's other issues, none with the planted keywords.
  for (int k = 0; k < 12; ++k) {
    const Made& m = projects[11 + rng.Uniform(9)];  // the account's own projects
    const int64_t created = b.RandomTime(Day(2021, 1, 1), Day(2023, 1, 1));
    std::string topic = kIssueTopics[rng.Uniform(std::size(kIssueTopics))];
    if (topic.find("etter") != std::string::npos) topic = "Update the README";
    auto free =
        db.QueryInt("SELECT COALESCE(MAX(iid), 0) + 1 FROM issues WHERE project_id = ?", {m.id});
    if (!free.ok()) return free.status();
    auto id = add_issue(m.id, *free, topic, me, rng.Uniform(2) ? "opened" : "closed", created,
                        created + b.RandomTime(0, 60 * 86400), {}, {});
    if (!id.ok()) return id.status();
  }
  // Issues assigned to the account.
  for (int k = 0; k < 6; ++k) {
    const Made& m = projects[rng.Uniform(11)];
    const int64_t created = b.RandomTime(Day(2022, 1, 1), Day(2023, 4, 1));
    auto free =
        db.QueryInt("SELECT COALESCE(MAX(iid), 0) + 1 FROM issues WHERE project_id = ?", {m.id});
    if (!free.ok()) return free.status();
    auto id = add_issue(m.id, *free, kIssueTopics[rng.Uniform(std::size(kIssueTopics))],
                        everyone[rng.Uniform(everyone.size())], "opened", created,
                        created + 86400 * 3, {}, {me});
    if (!id.ok()) return id.status();
  }

  // Merge requests.
  auto add_mr = [&](int64_t pid, int64_t iid, const std::string& title, int64_t author,
                    const std::string& source, const std::string& target, const std::string& state,
                    int64_t created, std::vector<int64_t> assignees, std::vector<int64_t> reviewers,
                    const std::string& topic = "") -> Result<int64_t> {
    WA_RETURN_IF_ERROR(db.Run(
        "INSERT INTO merge_requests (project_id, iid, title, description, author_id, "
        "source_branch, target_branch, state, created_at, updated_at, topic) VALUES (?, ?, ?, ?, "
        "?, ?, ?, ?, ?, ?, ?)",
        {pid, iid, title, "This merge request: " + title + ".", author, source, target, state,
         created, created + 86400 * 2, topic}));
    const int64_t id = db.LastInsertRowId();
    for (int64_t a : assignees) {
      WA_RETURN_IF_ERROR(
          db.Run("INSERT OR IGNORE INTO mr_assignees (mr_id, user_id) VALUES (?, ?)", {id, a}));
    }
    for (int64_t r : reviewers) {
      WA_RETURN_IF_ERROR(
          db.Run("INSERT OR IGNORE INTO mr_reviewers (mr_id, user_id) VALUES (?, ?)", {id, r}));
    }
    return id;
  };
  for (const Made& m : projects) {
    if (!m.fixed) continue;
    const int n = 4 + static_cast<int>(rng.Uniform(6));
    for (int k = 0; k < n; ++k) {
      const int64_t created = b.RandomTime(Day(2021, 1, 1), Day(2023, 4, 1));
      auto id = add_mr(m.id, next_mr[m.id]++, b.CommitMessage(),
                       b.user_id.at(m.contributors[rng.Uniform(m.contributors.size())]),
                       "patch-" + std::to_string(k + 1), m.branch,
                       rng.Uniform(3) == 0 ? "merged" : (rng.Uniform(4) == 0 ? "closed" : "opened"),
                       created, {}, {});
      if (!id.ok()) return id.status();
      for (int q = static_cast<int>(rng.Uniform(3)); q > 0; --q) {
        WA_RETURN_IF_ERROR(add_note("mr", *id, everyone[rng.Uniform(everyone.size())],
                                    kNoteTexts[rng.Uniform(std::size(kNoteTexts))],
                                    created + q * 3600));
      }
    }
  }
  // Planted merge requests: {project, iid, title, author, topic, reviewer is me, assignee is me,
  // notes (author username, text) in order}.
  struct PlantedMr {
    std::string project;
    int64_t iid;
    const char* title;
    const char* author;
    const char* topic;
    bool review_me, assign_me;
    std::vector<std::pair<const char*, const char*>> notes;
  };
  const std::vector<PlantedMr> mrs = {
      {"a11yproject/a11yproject.com",
       1071,
       "Add color utility classes to the design tokens",
       "tannerhodges",
       "color utility",
       false,
       false,
       {{"ericwbailey", "Thanks, I will take a look this week."}}},
      {"a11yproject/a11yproject.com",
       1063,
       "Rewrite the skip link post",
       "hiddedevries",
       "skip link post",
       true,
       false,
       {{"hiddedevries", "Ready for another look."},
        {"byteblaze", "Looks good overall."},
        {"hiddedevries", "Addressed the last comments, thanks!"}}},
      {"a11yproject/a11yproject.com",
       1058,
       "Fix focus styles in the navigation",
       "sarahfossheim",
       "focus styles",
       false,
       true,
       {{"scottaohara", "The outline is still clipped in Safari."}}},
      {"byteblaze/a11y-webring.club",
       40,
       "Add verification functions for member sites",
       "davepgreene",
       "verification functions",
       true,
       false,
       {{"davepgreene", "This adds checks that member sites link back to the ring."},
        {"byteblaze", "Could you add tests for the verification functions?"}}},
      {"byteblaze/a11y-webring.club",
       38,
       "Add a join form for new members",
       "davepgreene",
       "join form",
       true,
       false,
       {{"byteblaze", "Nice! One question about the validation."},
        {"davepgreene", "Good catch, fixed the validation."}}},
      {"byteblaze/empathy-prompts",
       12,
       "Add prompts about cognitive load",
       "convexegg",
       "cognitive load prompts",
       true,
       true,
       {{"byteblaze", "Can we reword the third prompt?"},
        {"convexegg", "Reworded it, let me know what you think."}}},
      {"primerio/design",
       77,
       "Document the new spacing scale",
       "nickgrayson",
       "spacing scale",
       true,
       false,
       {{"primer", "Please add examples."}}},
      {"kkroening/ffmpeg-python",
       312,
       "Add typing stubs for the filter API",
       "sebastianmay",
       "typing stubs",
       false,
       true,
       {{"kkroening", "Thanks for working on this."}}},
      {"eriklindernoren/PyTorch-GAN",
       140,
       "Fix the CycleGAN learning rate schedule",
       "annaklein",
       "learning rate schedule",
       false,
       true,
       {{"eriklindernoren", "Could you share the training curves?"}}},
      {"facebook/create-react-app",
       905,
       "Update the template README",
       "lucasfernandes",
       "template readme",
       true,
       false,
       {{"lucasfernandes", "Updated the wording."}, {"gaearon", "LGTM"}}},
  };
  for (const PlantedMr& p : mrs) {
    const int64_t pid = project_id.at(p.project);
    const std::string target =
        p.project == "a11yproject/a11yproject.com" || p.project.rfind("byteblaze/", 0) == 0 ||
                p.project == "primerio/design" || p.project == "facebook/create-react-app"
            ? "main"
            : "master";
    const int64_t created = Day(2023, 1, 10) + static_cast<int64_t>(p.iid % 50) * 86400;
    auto id =
        add_mr(pid, p.iid, p.title, b.user_id.at(p.author), GitlabPathOf(p.topic), target, "opened",
               created, p.assign_me ? std::vector<int64_t>{me} : std::vector<int64_t>{},
               p.review_me ? std::vector<int64_t>{me} : std::vector<int64_t>{}, p.topic);
    if (!id.ok()) return id.status();
    WA_RETURN_IF_ERROR(
        db.Run("INSERT OR IGNORE INTO branches (project_id, name, created_at) "
               "VALUES (?, ?, ?)",
               {pid, GitlabPathOf(p.topic), created}));
    int64_t at = created + 3600;
    for (const auto& [who, text] : p.notes) {
      WA_RETURN_IF_ERROR(add_note("mr", *id, b.user_id.at(who), text, at));
      at += 7200;
    }
    WA_RETURN_IF_ERROR(db.Run("UPDATE merge_requests SET updated_at = ? WHERE id = ?", {at, *id}));
  }

  // Members of the account's projects: gimmiethat.space is shared with yjlou; empathy-prompts and
  // a11y-webring.club with their contributors.
  auto add_member = [&](const std::string& project, const std::string& user, int level) {
    return db.Run(
        "INSERT OR IGNORE INTO members (project_id, user_id, access, created_at) VALUES (?, ?, ?, "
        "?)",
        {project_id.at(project), b.user_id.at(user), level, Day(2022, 5, 5)});
  };
  WA_RETURN_IF_ERROR(add_member("byteblaze/gimmiethat.space", "yjlou", kDeveloper));
  WA_RETURN_IF_ERROR(add_member("byteblaze/empathy-prompts", "convexegg", kDeveloper));
  WA_RETURN_IF_ERROR(add_member("byteblaze/a11y-webring.club", "davepgreene", kDeveloper));
  WA_RETURN_IF_ERROR(add_member("byteblaze/a11y-syntax-highlighting", "ericwbailey", kReporter));
  WA_RETURN_IF_ERROR(add_member("byteblaze/a11y-syntax-highlighting", "sarahfossheim", kDeveloper));
  WA_RETURN_IF_ERROR(add_member("byteblaze/cloud-to-butt", "tannerhodges", kMaintainer));
  WA_RETURN_IF_ERROR(add_member("byteblaze/millennials-to-snake-people", "nickgrayson", kGuest));
  WA_RETURN_IF_ERROR(add_member("a11yproject/a11yproject.com", "byteblaze", kDeveloper));
  WA_RETURN_IF_ERROR(add_member("primerio/design", "byteblaze", kDeveloper));

  // Follows: the account follows a few people; others follow each other.
  for (const char* who : {"ericwbailey", "scottaohara", "convexegg"}) {
    WA_RETURN_IF_ERROR(
        db.Run("INSERT INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)",
               {me, b.user_id.at(who), Day(2022, 2, 2)}));
  }
  for (int k = 0; k < 400; ++k) {
    const int64_t a = everyone[rng.Uniform(everyone.size())];
    const int64_t c = rng.Uniform(4) == 0 ? me : everyone[rng.Uniform(everyone.size())];
    if (a == c) continue;
    WA_RETURN_IF_ERROR(db.Run(
        "INSERT OR IGNORE INTO follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)",
        {a, c, b.RandomTime(Day(2021, 1, 1), t1)}));
  }
  // The account starred a few small projects.
  for (const char* p : {"byteblaze/a11y-syntax-highlighting", "byteblaze/empathy-prompts",
                        "lahwaacz/arch-wiki-docs"}) {
    WA_RETURN_IF_ERROR(
        db.Run("INSERT OR IGNORE INTO stars (user_id, project_id, created_at) VALUES (?, ?, ?)",
               {me, project_id.at(p), Day(2022, 8, 8)}));
    // Keep the fixed counts: drop one other star of the project.
    WA_RETURN_IF_ERROR(
        db.Run("DELETE FROM stars WHERE rowid = (SELECT rowid FROM stars WHERE project_id = ? AND "
               "user_id != ? ORDER BY user_id LIMIT 1)",
               {project_id.at(p), me}));
  }

  // Todos of the account: mentions and review requests on the planted items.
  WA_RETURN_IF_ERROR(db.Run(
      "INSERT INTO todos (user_id, project_id, target_type, target_id, action, author_id, state, "
      "created_at) SELECT ?, m.project_id, 'mr', m.id, 'review_requested', m.author_id, "
      "'pending', m.created_at FROM merge_requests m JOIN mr_reviewers r ON r.mr_id = m.id AND "
      "r.user_id = ?",
      {me, me}));
  WA_RETURN_IF_ERROR(db.Run(
      "INSERT INTO todos (user_id, project_id, target_type, target_id, action, author_id, state, "
      "created_at) SELECT ?, i.project_id, 'issue', i.id, 'assigned', i.author_id, 'pending', "
      "i.created_at FROM issues i JOIN issue_assignees a ON a.issue_id = i.id AND a.user_id = ?",
      {me, me}));

  // Access tokens.
  WA_RETURN_IF_ERROR(db.Run(
      "INSERT INTO tokens (user_id, name, scopes, expires_at, created_at) VALUES (?, 'ci-bot', "
      "'api, read_repository', '2024-01-01', ?), (?, 'laptop', 'read_user', '', ?)",
      {me, Day(2022, 12, 1), me, Day(2023, 2, 1)}));

  // Last activity: the newest commit, issue or merge request update.
  WA_RETURN_IF_ERROR(db.Run(
      "UPDATE projects SET last_activity_at = MAX(created_at, COALESCE((SELECT MAX(authored_at) "
      "FROM commits c WHERE c.project_id = projects.id), 0), COALESCE((SELECT MAX(updated_at) "
      "FROM issues i WHERE i.project_id = projects.id), 0))"));
  return Status::Ok();
}

}  // namespace wa
