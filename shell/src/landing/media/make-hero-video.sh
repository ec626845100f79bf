#!/bin/sh
# Regenerates the landing hero's background clip and poster (an original, abstract animation: a slow
# green/blue glow drifting under a faint grid). Needs ffmpeg (a dev tool only: the outputs are committed).
# The pattern repeats every 6 seconds, so the clip loops without a visible seam.
set -eu
cd "$(dirname "$0")"
ffmpeg -y -loglevel error -f lavfi -i "color=c=black:s=960x540:r=24:d=6,format=rgb24" -vf "\
geq=r='11+14*pow(max(0\,sin(2*PI*(X/W*0.8+T/6))*cos(2*PI*(Y/H*0.6-T/6)))\,2)':\
g='13+70*pow(max(0\,sin(2*PI*(X/W*0.8+T/6))*cos(2*PI*(Y/H*0.6-T/6)))\,2)+18*pow(max(0\,sin(2*PI*(Y/H*0.9+X/W*0.3-T/6)))\,3)':\
b='18+40*pow(max(0\,sin(2*PI*(Y/H*0.9+X/W*0.3-T/6)))\,3)',\
drawgrid=x='mod(t*8\,48)':y='mod(t*8\,48)':w=48:h=48:t=1:c=0x7cf29c@0.10,format=yuv420p" \
  -c:v libx264 -profile:v high -preset veryslow -crf 30 -movflags +faststart -an hero.mp4
ffmpeg -y -loglevel error -i hero.mp4 -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -an hero.webm
ffmpeg -y -loglevel error -i hero.mp4 -frames:v 1 -c:v libwebp -quality 55 hero-poster.webp
ls -l hero.mp4 hero.webm hero-poster.webp
