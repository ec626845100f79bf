import stepsImage from '../../assets/guide-steps.webp';

/** Body of 'how-to-sidequest-guide': a practical walkthrough of a first bounty, from choice to follow-up. */
export const howToSidequestGuideBody = `
You have opened the [bounty marketplace](/bounties), scrolled past a dozen challenges, and closed the tab twice. That is normal. A first bounty feels different from a tutorial because it is real: a company wrote it, a reward is attached, and someone will read what you hand in.

This guide walks through the whole journey, from choosing a challenge to the conversation that can follow a good submission. It is written by the Side Quest team, based on what we see work and what we see go wrong. There are no secret tricks in it. Most of it is about doing ordinary things deliberately.

![The five moves of a bounty: pick, scope, build, prove, follow up](${stepsImage})

# 1. Pick the right first bounty

The best first bounty is not the one with the largest reward. It is the one you can finish well.

## Read the marketplace like a map

The [bounties page](/bounties) lets you search, filter by domain and skill, and sort by title, reward or deadline. Use those controls to narrow the list to challenges that touch something you already know, and then look for one element you do not. That mix keeps you productive while still teaching you something.

When a bounty catches your eye, open its detail page and read three things before anything else:

- **The description and success criteria.** Can you say, in one sentence, what "done" means?
- **The deadline.** Count the evenings or days you can honestly give it, then halve the number.
- **The skills and learnings.** The learnings section tells you what the company hopes you will take away; it is often the most honest part of the brief.

## Check the demand

The [Value Compass](/compass) shows which skills appear most often in open bounties, which areas are trending and which skills pay best on average. It is a good way to make sure the skill you are about to invest a weekend in is one that companies are asking for. Treat it as a compass, not a map: it points in a direction, it does not choose the path for you.

# 2. Scope before you build

Most failed submissions fail before the first line of code, at the moment the solver decided what to build.

## Restate the problem

Write a short paragraph in your own words: who has the problem, what they need, and how they will know it is solved. If you cannot write it, you are not ready to start. If your paragraph contradicts the brief, read the brief again.

## Decide what you will not do

A scope is mostly a list of exclusions. Write down, explicitly:

1. what is in scope and will be delivered;
2. what is out of scope and why;
3. what you are unsure about and how you will find out.

### Ask early

If something in the brief is ambiguous, ask the company through the channel its listing gives you, and do it early. A precise question shows judgement. A late question looks like panic.

# 3. Build in small, visible steps

You do not need a special stack to solve a bounty. You need a workflow that keeps your work reviewable.

## Use version control from the first minute

Create a repository before you write anything else, and commit in small steps with messages that say why, not only what. If Git is new to you, the [official Git documentation](https://git-scm.com/doc) and [GitHub's getting-started guides](https://docs.github.com/en/get-started) are the best places to begin. A clean history is part of your proof: reviewers read it.

A minimal rhythm that works:

\`\`\`sh
git switch -c solve-the-bounty
# make one small change, run the tests
git add -p
git commit -m "Parse the export format the brief describes"
\`\`\`

## Measure before you improve

If the bounty is about speed, accuracy or cost, reproduce the current behaviour first and record it. Then change one thing at a time and record again. An improvement you cannot measure is an opinion.

## Write as you go

Keep a running notes file with decisions, dead ends and open questions. It costs a few minutes a day and it becomes the backbone of your write-up. Markdown is enough; the [Markdown Guide's basic syntax page](https://www.markdownguide.org/basic-syntax/) covers everything you will need.

# 4. Prove it

Side Quest is built around **Proof of Competence**: the idea that the strongest evidence of skill is a solved real problem that someone else can check. Your submission should make checking easy.

## What a strong submission contains

- **The solution**, with instructions a stranger can follow to run it from scratch.
- **Evidence** that it meets each success criterion, in the same order as the brief lists them.
- **A decision log**: the main choices you made, the alternatives you rejected and why.
- **Known limitations**, stated plainly, before the reviewer finds them.
- **Next steps**: what you would do with more time, in priority order.

## What to leave out

Leave out anything that makes the reviewer work harder without adding evidence: long introductions about yourself, screenshots of code instead of code, and claims you did not measure. Keep the tone plain. Confidence reads better than enthusiasm.

### Before you press submit

Run through the brief one final time with your submission open beside it. Tick each criterion against the evidence for it. If one is missing, either add the evidence or say clearly why the criterion is not met. An honest gap is forgivable; a hidden one is not.

# 5. Follow up like a professional

Whatever the outcome, the bounty is the beginning of a relationship, not the end of a transaction.

- **If your solution is accepted**, thank the reviewer, ask what they would have done differently, and ask whether they have related problems. Many hiring conversations start exactly there.
- **If another solution is chosen**, ask for feedback. Read the winning approach if it is shared. Then write a short retrospective for yourself: what you would scope differently next time.
- **Either way**, keep the repository and the write-up. Together they are a portfolio piece that shows real work under real constraints, which is more than most portfolio pieces can say.

# Where the Golden Bridge comes in

We call Side Quest a **Golden Bridge**: a path between the safety of conforming to institutional expectations and the risk of going it alone. Each bounty is one plank. The first one is the hardest to lay, because you have no evidence yet that you can. After a few, the evidence speaks for you, and the conversations change from "tell me what you can do" to "here is a problem, when can you start?"

# Your checklist

Before you start your first bounty, make sure you can answer yes to each of these:

- I can explain what "done" means for this bounty in one sentence.
- I have written down what is out of scope.
- I have a repository and a notes file.
- I know how I will measure success against each criterion.
- I have set aside enough time, with a margin.

If you are a company reading this to understand the other side, the [page for clients](/for-clients) explains how to post a challenge that attracts this kind of work, and [our about page](/about) explains why we think it matters.

Ready? [Pick your first bounty](/bounties). Then come back and tell us how it went; the next success story on this page could be yours.
`;
